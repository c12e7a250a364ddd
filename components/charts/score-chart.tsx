"use client";
// Daily results on a real time axis (gaps between days are to scale), straight segments, one
// series per test on its own measure (worst pain 0-10, lower is better), one chart per scale,
// and the same figures as a table for screen readers. Goals on a test's measure are dashed,
// labelled reference lines; GoalChart draws one
// goal's own metric (degrees, seconds, a disability score) over time the same way. The SVG is
// chart-drawing.tsx (recharts), loaded and drawn when the chart comes near the viewport; the
// caption and table are here, in the page from the start.
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { NearView } from "@/components/charts/near-view";
import { formatWhen } from "@/components/ui/when";
import { useMeasureWords } from "@/components/patients/measure-words";
import { KINDS } from "@/lib/assessments/kinds";
import { primaryMeasure, type MetricSpec } from "@/lib/assessments/kinds/kind";
import { GOAL_RANGES } from "@/lib/goals/rules";
import { formatValue, measureFromHeadline, scaleWords } from "@/lib/report-view/measure";
import type { z } from "zod";
import type { goal } from "@/lib/goals/schemas";
import type { scorePoint } from "@/lib/patients/schemas";

type ScorePoint = z.output<typeof scorePoint>;
type Goal = z.output<typeof goal>;

/** The daily points' series: each test's day mean of its 0-100 headline, charted on the test's own measure. */
const LINES = [
  { key: KINDS.ROM.scoreColumn, test: KINDS.ROM.type, color: "#1d4ed8" },
  { key: KINDS.DEXTERITY.scoreColumn, test: KINDS.DEXTERITY.type, color: "#7e22ce" },
  { key: KINDS.PAIN.scoreColumn, test: KINDS.PAIN.type, color: "#b91c1c" },
] as const;

type Line = (typeof LINES)[number];

const ScoreDrawing = dynamic(() => import("@/components/charts/chart-drawing").then((drawing) => drawing.ScoreDrawing), { ssr: false });
const GoalDrawing = dynamic(() => import("@/components/charts/chart-drawing").then((drawing) => drawing.GoalDrawing), { ssr: false });

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The lines present, one chart per scale and direction of their measures (a 0-10 pain rating never shares a 0-100 axis). */
function scaleGroups(lines: Line[]): { key: string; spec: MetricSpec; lines: Line[] }[] {
  const groups = new Map<string, { key: string; spec: MetricSpec; lines: Line[] }>();
  for (const line of lines) {
    const spec = primaryMeasure(KINDS[line.test]);
    const key = `${spec.scale?.join("-")}:${spec.direction}`;
    const group = groups.get(key) ?? { key, spec, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()];
}

type DayPoint = { date: string; t: number } & Record<Line["key"], number | null>;
type ScaleGroup = ReturnType<typeof scaleGroups>[number];

/** The days in date order (`scores` may come newest first), each test's value on its own measure. */
function dailyPoints(scores: ScorePoint[]): DayPoint[] {
  return [...scores]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((point) => ({
      date: point.date,
      t: dayMs(point.date),
      ...Object.fromEntries(
        LINES.map((line) => [line.key, point[line.key] === null ? null : measureFromHeadline(KINDS[line.test], point[line.key]!)]),
      ),
    })) as DayPoint[];
}

/** The goals on one of `lines`' own measures: the ones drawn with them. */
const goalsOn = (goals: Goal[], lines: Line[]) =>
  goals.filter((g) => lines.some((line) => line.test === g.test && g.metric === KINDS[line.test].measure));

/** A line's name, and a scale's range and direction, as the headings and the table say them. */
function useLineWords() {
  const t = useTranslations("scoreChart");
  const measure = useMeasureWords();
  const name = (line: Line) => t(`lines.${line.key}`);
  const scaleOf = (spec: MetricSpec) => scaleWords(spec, measure, (min, max, direction) => `${min}–${max}, ${direction}`) ?? "";
  return { name, scaleOf };
}

/** One drawing per scale, headed with its lines and scale; hidden from screen readers, which get the table. */
function ScaleDrawings({ data, groups, goals }: { data: DayPoint[]; groups: ScaleGroup[]; goals: Goal[] }) {
  const { name, scaleOf } = useLineWords();
  return (
    <div className="space-y-3">
      {groups.map((group) => (
        <div key={group.key}>
          <p className="text-xs font-medium text-slate-700">
            {group.lines.map(name).join(", ")}: {scaleOf(group.spec)}
          </p>
          <div aria-hidden="true" className="h-64 w-full sm:h-72">
            <NearView>
              <ScoreDrawing
                data={data}
                lines={group.lines.map((line) => ({ ...line, dash: undefined, name: name(line) }))}
                goals={goalsOn(goals, group.lines)}
                domain={[...(group.spec.scale ?? [0, 100])]}
              />
            </NearView>
          </div>
        </div>
      ))}
    </div>
  );
}

/** How many days from when to when, and which goals are drawn. */
function ChartCaption({ data, drawn }: { data: DayPoint[]; drawn: Goal[] }) {
  const t = useTranslations("scoreChart");
  const kindName = useTranslations("kinds");
  const language = useLocale();
  const first = data[0];
  const latest = data.at(-1);
  return (
    <figcaption className="mt-1 text-xs text-slate-700">
      {first && latest
        ? t("caption", {
            days: data.length,
            first: formatWhen(first.date, "day", true, language),
            last: formatWhen(latest.date, "day", true, language),
          })
        : null}
      {drawn.length > 0 && (
        <span className="mt-1 block">
          {t("goalsDrawn", { goals: drawn.map((g) => `${g.text} (${kindName(`${g.test}.name`)})`).join("; ") })}
        </span>
      )}
    </figcaption>
  );
}

/** The same figures for screen readers: a row per day, a column per test. */
function ScoreTable({ title, data, groups, present }: { title: string; data: DayPoint[]; groups: ScaleGroup[]; present: Line[] }) {
  const t = useTranslations("scoreChart");
  const language = useLocale();
  const measure = useMeasureWords();
  const { name, scaleOf } = useLineWords();
  // A table cannot shrink to the 1 px of sr-only: its wrapper is what hides it.
  return (
    <div className="sr-only">
      <table>
        <caption>
          {t("tableCaption", {
            title,
            scale: groups.map((group) => `${group.lines.map(name).join(", ")}: ${scaleOf(group.spec)}`).join("; "),
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("day")}</th>
            {present.map((line) => (
              <th key={line.key} scope="col">
                {name(line)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatWhen(point.date, "day", true, language)}</th>
              {present.map((line) => (
                <td key={line.key}>
                  {point[line.key] === null ? t("noResult") : formatValue(primaryMeasure(KINDS[line.test]), point[line.key]!, measure)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `scores` may come newest first; `goals`: those on a charted test's own measure are drawn. */
export function ScoreChart({ scores, title, goals = [] }: { scores: ScorePoint[]; title: string; goals?: Goal[] }) {
  const data = dailyPoints(scores);
  const present = LINES.filter((line) => data.some((point) => point[line.key] !== null));
  const groups = scaleGroups(present);
  return (
    <figure>
      <ScaleDrawings data={data} groups={groups} goals={goals} />
      <ChartCaption data={data} drawn={goalsOn(goals, present)} />
      <ScoreTable title={title} data={data} groups={groups} present={present} />
    </figure>
  );
}

const instant = (iso: string) => Date.parse(iso);

/** One goal's metric over time, the goal a labelled dashed line, with the figures as a table for screen readers. */
export function GoalChart({ goal: g }: { goal: Goal }) {
  const t = useTranslations("scoreChart");
  const measure = useMeasureWords();
  const language = useLocale();
  const data = g.points.map((point) => ({ t: instant(point.date), value: point.value }));
  const [low, high] = GOAL_RANGES[g.unit];
  const values = [...data.map((point) => point.value), g.target];
  const domain = [Math.max(low, Math.floor(Math.min(...values) * 0.9)), Math.min(high, Math.ceil(Math.max(...values) * 1.1))];
  return (
    <figure>
      <div aria-hidden="true" className="h-32 w-full">
        <NearView>
          <GoalDrawing goal={g} data={data} domain={domain} />
        </NearView>
      </div>
      <div className="sr-only">
        <table>
          <caption>{t("goalTableCaption", { goal: g.text })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("date")}</th>
              <th scope="col">{g.label}</th>
            </tr>
          </thead>
          <tbody>
            {g.points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatWhen(point.date, "date", true, language)}</th>
                <td>{formatValue(g, point.value, measure)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
