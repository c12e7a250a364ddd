"use client";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { z } from "zod";
import type { scorePoint } from "@/lib/patients/schemas";

type ScorePoint = z.output<typeof scorePoint>;

const LINES = [
  { key: "overallScore", name: "Overall", color: "#0f766e" },
  { key: "romScore", name: "Range of motion", color: "#1d4ed8" },
  { key: "dexterityScore", name: "Dexterity", color: "#7e22ce" },
  { key: "painScore", name: "Pain (higher is less pain)", color: "#b91c1c" },
] as const;

function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/** Daily scores over time, one line per type; `scores` may come newest first. */
export function ScoreChart({ scores, title }: { scores: ScorePoint[]; title: string }) {
  const data = [...scores].sort((a, b) => a.date.localeCompare(b.date));
  const latest = data.at(-1);
  const present = LINES.filter((line) => data.some((point) => point[line.key] !== null));
  return (
    <figure>
      <div role="img" aria-label={`${title}: ${data.length} days from ${data[0] ? shortDate(data[0].date) : "—"}${latest ? `, latest overall score ${Math.round(latest.overallScore)}` : ""}`} className="h-64 w-full sm:h-72">
        <LineChart responsive data={data} style={{ width: "100%", height: "100%" }} margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 12, fill: "#334155" }} minTickGap={16} />
            <YAxis domain={[0, 100]} tick={{ fontSize: 12, fill: "#334155" }} />
            <Tooltip labelFormatter={(label) => shortDate(String(label))} formatter={(value) => (typeof value === "number" ? Math.round(value) : value)} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {present.map((line) => (
              <Line key={line.key} type="monotone" dataKey={line.key} name={line.name} stroke={line.color} strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
            ))}
        </LineChart>
      </div>
      <figcaption className="sr-only">{title}</figcaption>
    </figure>
  );
}
