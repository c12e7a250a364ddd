"use client";
// Daily scores on a real time axis (gaps between days are to scale), straight segments, one
// series per test plus the overall score, and the same figures as a table for screen readers.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatWhen } from "@/components/ui/when";
import { formatNumber } from "@/lib/web/format";
import type { z } from "zod";
import type { scorePoint } from "@/lib/patients/schemas";

type ScorePoint = z.output<typeof scorePoint>;

const LINES = [
  { key: "romScore", name: "Range of motion", color: "#1d4ed8", dash: undefined },
  { key: "dexterityScore", name: "Dexterity", color: "#7e22ce", dash: undefined },
  { key: "painScore", name: "Pain (higher is less pain)", color: "#b91c1c", dash: undefined },
  { key: "overallScore", name: "Overall (each test's latest)", color: "#0f766e", dash: "6 4" },
] as const;

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const shortDay = (ms: number) => formatWhen(new Date(ms).toISOString().slice(0, 10), "shortDay", true);

/** `scores` may come newest first. */
export function ScoreChart({ scores, title }: { scores: ScorePoint[]; title: string }) {
  const data = [...scores].sort((a, b) => a.date.localeCompare(b.date)).map((point) => ({ ...point, t: dayMs(point.date) }));
  const first = data[0];
  const latest = data.at(-1);
  const present = LINES.filter((line) => data.some((point) => point[line.key] !== null));
  return (
    <figure>
      <div aria-hidden="true" className="h-64 w-full sm:h-72">
        <LineChart
          responsive
          accessibilityLayer={false}
          data={data}
          style={{ width: "100%", height: "100%" }}
          margin={{ top: 8, right: 12, bottom: 4, left: -16 }}
        >
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={["dataMin", "dataMax"]}
            tickFormatter={shortDay}
            tick={{ fontSize: 12, fill: "#334155" }}
            minTickGap={24}
          />
          <YAxis domain={[0, 100]} tick={{ fontSize: 12, fill: "#334155" }} />
          <Tooltip
            labelFormatter={(label) => shortDay(Number(label))}
            formatter={(value) => (typeof value === "number" ? formatNumber(value, 1) : value)}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {present.map((line) => (
            <Line
              key={line.key}
              type="linear"
              dataKey={line.key}
              name={line.name}
              stroke={line.color}
              strokeDasharray={line.dash}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </div>
      <figcaption className="mt-1 text-xs text-slate-700">
        {first && latest
          ? `${data.length} day${data.length === 1 ? "" : "s"} with results, ${formatWhen(first.date, "day", true)} to ${formatWhen(latest.date, "day", true)}; dates to scale.`
          : null}
      </figcaption>
      {/* A table cannot shrink to the 1 px of sr-only: its wrapper is what hides it. */}
      <div className="sr-only">
        <table>
          <caption>{title}, as a table (scores out of 100, higher is better)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {present.map((line) => (
                <th key={line.key} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatWhen(point.date, "day", true)}</th>
                {present.map((line) => (
                  <td key={line.key}>{point[line.key] === null ? "no result" : formatNumber(point[line.key], 1)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
