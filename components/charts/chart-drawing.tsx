"use client";
// The SVG of the score and goal charts (recharts): loaded and drawn only when the chart comes near
// the viewport (NearView). Their figures, caption and table are score-chart.tsx's, in the page
// from the start.
import { useLocale, useTranslations } from "next-intl";
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { formatWhen } from "@/components/ui/when";
import type { Locale } from "@/lib/i18n/locales";
import { formatNumber } from "@/lib/web/format";
import type { z } from "zod";
import type { goal } from "@/lib/goals/schemas";

type Goal = z.output<typeof goal>;

const GOAL_COLOR = "#92400e";

const shortDay = (ms: number, language: Locale) => formatWhen(new Date(ms).toISOString().slice(0, 10), "shortDay", true, language);
const shortInstant = (ms: number, language: Locale) => formatWhen(new Date(ms).toISOString(), "date", true, language);

export interface DrawnLine {
  key: string;
  name: string;
  color: string;
  dash: string | undefined;
}

/** Daily points on a time axis (`t`: the day's UTC midnight), one line per test; goals as dashed lines. */
export function ScoreDrawing({
  data,
  lines,
  goals,
}: {
  data: Array<Record<string, unknown> & { t: number }>;
  lines: DrawnLine[];
  goals: Goal[];
}) {
  const t = useTranslations("scoreChart");
  const language = useLocale();
  return (
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
        tickFormatter={(ms: number) => shortDay(ms, language)}
        tick={{ fontSize: 12, fill: "#334155" }}
        minTickGap={24}
      />
      <YAxis domain={[0, 100]} tick={{ fontSize: 12, fill: "#334155" }} />
      <Tooltip
        labelFormatter={(label) => shortDay(Number(label), language)}
        formatter={(value) => (typeof value === "number" ? formatNumber(value, 1) : value)}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {lines.map((line) => (
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
      {goals.map((g) => (
        <ReferenceLine
          key={g.test}
          y={g.target}
          stroke={GOAL_COLOR}
          strokeDasharray="4 4"
          label={{ value: t("goalLine", { goal: g.text }), position: "insideTopLeft", fontSize: 11, fill: GOAL_COLOR }}
        />
      ))}
    </LineChart>
  );
}

/** One goal's metric over time (`t`: the instant), the goal a labelled dashed line. */
export function GoalDrawing({ goal: g, data, domain }: { goal: Goal; data: Array<{ t: number; value: number }>; domain: number[] }) {
  const t = useTranslations("scoreChart");
  const language = useLocale();
  return (
    <LineChart
      responsive
      accessibilityLayer={false}
      data={data}
      style={{ width: "100%", height: "100%" }}
      margin={{ top: 14, right: 12, bottom: 0, left: -16 }}
    >
      <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
      <XAxis
        dataKey="t"
        type="number"
        scale="time"
        domain={["dataMin", "dataMax"]}
        tickFormatter={(ms: number) => shortInstant(ms, language)}
        tick={{ fontSize: 11, fill: "#334155" }}
        minTickGap={24}
      />
      <YAxis domain={domain} tick={{ fontSize: 11, fill: "#334155" }} />
      <Line type="linear" dataKey="value" name={g.label} stroke="#1d4ed8" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      <ReferenceLine
        y={g.target}
        stroke={GOAL_COLOR}
        strokeDasharray="4 4"
        label={{ value: t("goalLine", { goal: g.text }), position: "insideTopLeft", fontSize: 11, fill: GOAL_COLOR }}
      />
    </LineChart>
  );
}
