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

/** What both charts share: they fill their box and leave the reading to the table beside them. */
const CHART = { responsive: true, accessibilityLayer: false, style: { width: "100%", height: "100%" } } as const;

/**
 * The grid, a time x-axis (`t`) and the y-axis of both charts. A function, not a component:
 * recharts takes its axes as the chart's own children.
 */
function timeAxes(tickFormatter: (ms: number) => string, fontSize: number, yDomain: number[]) {
  const tick = { fontSize, fill: "#334155" };
  return [
    <CartesianGrid key="grid" stroke="#e2e8f0" strokeDasharray="3 3" />,
    <XAxis
      key="x"
      dataKey="t"
      type="number"
      scale="time"
      domain={["dataMin", "dataMax"]}
      tickFormatter={tickFormatter}
      tick={tick}
      minTickGap={24}
    />,
    <YAxis key="y" domain={yDomain} tick={tick} />,
  ];
}

/** A goal as a dashed, labelled line at its target. */
function goalLine(g: Goal, label: string) {
  return (
    <ReferenceLine
      key={g.test}
      y={g.target}
      stroke={GOAL_COLOR}
      strokeDasharray="4 4"
      label={{ value: label, position: "insideTopLeft", fontSize: 11, fill: GOAL_COLOR }}
    />
  );
}

export interface DrawnLine {
  key: string;
  name: string;
  color: string;
  dash: string | undefined;
}

/** Daily points on a time axis (`t`: the day's UTC midnight), one line per test on `domain`; goals as dashed lines. */
export function ScoreDrawing({
  data,
  lines,
  goals,
  domain,
}: {
  data: Array<Record<string, unknown> & { t: number }>;
  lines: DrawnLine[];
  goals: Goal[];
  /** The y axis: the measure's own scale. */
  domain: number[];
}) {
  const t = useTranslations("scoreChart");
  const language = useLocale();
  return (
    <LineChart {...CHART} data={data} margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
      {timeAxes((ms) => shortDay(ms, language), 12, domain)}
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
      {goals.map((g) => goalLine(g, t("goalLine", { goal: g.text })))}
    </LineChart>
  );
}

/** One goal's metric over time (`t`: the instant), the goal a labelled dashed line. */
export function GoalDrawing({ goal: g, data, domain }: { goal: Goal; data: Array<{ t: number; value: number }>; domain: number[] }) {
  const t = useTranslations("scoreChart");
  const language = useLocale();
  return (
    <LineChart {...CHART} data={data} margin={{ top: 14, right: 12, bottom: 0, left: -16 }}>
      {timeAxes((ms) => shortInstant(ms, language), 11, domain)}
      <Line type="linear" dataKey="value" name={g.label} stroke="#1d4ed8" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      {goalLine(g, t("goalLine", { goal: g.text }))}
    </LineChart>
  );
}
