"use client";
// Daily scores on a real time axis (gaps between days are to scale), straight segments, one
// series per test plus the overall score, and the same figures as a table for screen readers.
// Goals on a test's headline score are dashed, labelled reference lines; GoalChart draws one
// goal's own metric (degrees, seconds, a disability score) over time the same way. The SVG is
// chart-drawing.tsx (recharts), loaded and drawn when the chart comes near the viewport; the
// caption and table are here, in the page from the start.
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { NearView } from "@/components/charts/near-view";
import { formatWhen } from "@/components/ui/when";
import { KINDS } from "@/lib/assessments/kinds";
import { formatMetric } from "@/lib/assessments/kinds/kind";
import { GOAL_RANGES } from "@/lib/goals/rules";
import { formatNumber } from "@/lib/web/format";
import type { z } from "zod";
import type { goal } from "@/lib/goals/schemas";
import type { scorePoint } from "@/lib/patients/schemas";

type ScorePoint = z.output<typeof scorePoint>;
type Goal = z.output<typeof goal>;

const LINES = [
  { key: KINDS.ROM.scoreColumn, test: KINDS.ROM.type, color: "#1d4ed8", dash: undefined },
  { key: KINDS.DEXTERITY.scoreColumn, test: KINDS.DEXTERITY.type, color: "#7e22ce", dash: undefined },
  { key: KINDS.PAIN.scoreColumn, test: KINDS.PAIN.type, color: "#b91c1c", dash: undefined },
  { key: "overallScore", test: null, color: "#0f766e", dash: "6 4" },
] as const;

const ScoreDrawing = dynamic(() => import("@/components/charts/chart-drawing").then((drawing) => drawing.ScoreDrawing), { ssr: false });
const GoalDrawing = dynamic(() => import("@/components/charts/chart-drawing").then((drawing) => drawing.GoalDrawing), { ssr: false });

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** `scores` may come newest first; `goals`: those on a charted test's headline score are drawn. */
export function ScoreChart({ scores, title, goals = [] }: { scores: ScorePoint[]; title: string; goals?: Goal[] }) {
  const t = useTranslations("scoreChart");
  const kindName = useTranslations("kinds");
  const language = useLocale();
  const data = [...scores].sort((a, b) => a.date.localeCompare(b.date)).map((point) => ({ ...point, t: dayMs(point.date) }));
  const first = data[0];
  const latest = data.at(-1);
  const present = LINES.filter((line) => data.some((point) => point[line.key] !== null));
  const drawn = goals.filter((g) => g.metric === "overallScore" && present.some((line) => line.test === g.test));
  const name = (line: (typeof LINES)[number]) => t(`lines.${line.key}`);
  return (
    <figure>
      <div aria-hidden="true" className="h-64 w-full sm:h-72">
        <NearView>
          <ScoreDrawing data={data} lines={present.map((line) => ({ ...line, name: name(line) }))} goals={drawn} />
        </NearView>
      </div>
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
      {/* A table cannot shrink to the 1 px of sr-only: its wrapper is what hides it. */}
      <div className="sr-only">
        <table>
          <caption>{t("tableCaption", { title })}</caption>
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
                  <td key={line.key}>{point[line.key] === null ? t("noResult") : formatNumber(point[line.key], 1)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const instant = (iso: string) => Date.parse(iso);

/** One goal's metric over time, the goal a labelled dashed line, with the figures as a table for screen readers. */
export function GoalChart({ goal: g }: { goal: Goal }) {
  const t = useTranslations("scoreChart");
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
                <td>{formatMetric(g, point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
