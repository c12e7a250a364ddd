// The report's summary as the PDF shows it (lib/pdf/report-document.tsx), from the same
// presentation code: the table of records in date order, the charts (one line per test and
// hand, one chart per scale) with their change table, and each record's details, in the page's language (`w`).
// Server-rendered, and printable.
import type { ReactNode } from "react";
import { Card } from "@/components/ui";
import { When, WhenText } from "@/components/ui/when";
import { handName, headline, snapshotMetrics, snapshotNotes, typeName, weeksSinceSurgeryText } from "@/lib/report-view/present";
import type { ReportAssessment } from "@/lib/report-view/schemas";
import {
  axisTicks,
  changes,
  chartGroups,
  chartScales,
  chartSeries,
  hasChart,
  type ChartGroup,
  type Series,
  weekTicks,
} from "@/lib/report-view/summary";
import type { Words } from "@/lib/report-view/words";

/**
 * A table wider than a phone scrolls sideways; the region takes focus so keys can scroll it too.
 * Positioned, so absolutely placed screen-reader text inside it is clipped rather than widening the page.
 */
function Scroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal-700 ${className ?? ""}`}
    >
      {children}
    </div>
  );
}

/** The records in date order on a phone: a card per record. */
function SummaryCards({ assessments, w }: { assessments: ReportAssessment[]; w: Words }) {
  return (
    <ol className="space-y-2 sm:hidden print:hidden" aria-label={w.t("reportPage.summaryTable")}>
      {assessments.map((item, index) => (
        <li key={item.code} data-testid="summary-record" className="rounded-lg border border-slate-200 p-3 text-sm">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold text-slate-900">
              {index + 1}. {typeName(item.assessmentType, w)} · {handName(item.hand, true, w)}
            </span>
            <span className="font-mono text-slate-800">{item.formattedCode}</span>
          </p>
          <p className="text-base font-semibold text-slate-900">{headline(item, w).text}</p>
          <p className="text-xs text-slate-700">
            <When value={item.dateCreated} kind="date" />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The records in date order from a small tablet up and on paper: a table. */
function SummaryGrid({ assessments, w }: { assessments: ReportAssessment[]; w: Words }) {
  const t = w.t;
  return (
    <Scroll label={t("reportPage.summaryTable")} className="hidden sm:block print:block">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t("reportPage.summaryCaption")}</caption>
        <thead className="border-b border-slate-300 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-2">
              #
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("reportPage.date")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("reportPage.assessment")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("reportPage.hand")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("reportPage.headline")}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("reportPage.codeColumn")}
            </th>
          </tr>
        </thead>
        <tbody>
          {assessments.map((item, index) => (
            <tr key={item.code} data-testid="summary-record" className="border-b border-slate-100 even:bg-slate-50">
              <td className="py-1.5 pr-2 text-slate-700">{index + 1}</td>
              <td className="whitespace-nowrap py-1.5 pr-2">
                <When value={item.dateCreated} kind="date" />
              </td>
              <td className="py-1.5 pr-2">{typeName(item.assessmentType, w)}</td>
              <td className="py-1.5 pr-2">{handName(item.hand, true, w)}</td>
              <td className="py-1.5 pr-2">{headline(item, w).text}</td>
              <td className="whitespace-nowrap py-1.5 text-right font-mono">{item.formattedCode}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** The records in date order: a table from a small tablet up and on paper, a card per record on a phone. */
export function SummaryTable({ assessments, w }: { assessments: ReportAssessment[]; w: Words }) {
  return (
    <>
      <SummaryCards assessments={assessments} w={w} />
      <SummaryGrid assessments={assessments} w={w} />
    </>
  );
}

const CHART = { width: 640, height: 200, left: 30, right: 10, top: 8, bottom: 22 };

/**
 * Each test's own measure over time, one line per test and hand; one chart per scale (a 0-10
 * pain rating never shares an axis with a 0-100 score), its axis saying which way is better.
 * The change table below says the same in words.
 */
export function ScoreChart({ assessments, w }: { assessments: ReportAssessment[]; w: Words }) {
  if (!hasChart(assessments)) return null;
  const series = chartSeries(assessments, w);
  return (
    <div className="space-y-4">
      {chartGroups(series, w).map((group) => (
        <ScaleChart key={group.key} group={group} all={series} w={w} />
      ))}
    </div>
  );
}

type Scales = ReturnType<typeof chartScales>;

/** The value axis: a gridline and label per tick, the scale's low end drawn darker as the baseline. */
function ValueGrid({ scale, y, w }: { scale: ChartGroup["scale"]; y: Scales["y"]; w: Words }) {
  const [low] = scale;
  return axisTicks(scale).map((tick) => (
    <g key={tick}>
      <line
        x1={CHART.left}
        x2={CHART.width - CHART.right}
        y1={y(tick)}
        y2={y(tick)}
        stroke={tick === low ? "#5b6673" : "#d5dbe1"}
        strokeWidth={1}
      />
      <text x={CHART.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#475569">
        {w.number(tick)}
      </text>
    </g>
  ));
}

/** The time axis: a tick mark and a date under the baseline for each labelled week. */
function WeekAxis({ ticks, baseline, x }: { ticks: number[]; baseline: number; x: Scales["x"] }) {
  return ticks.map((time, i) => (
    <g key={time}>
      <line x1={x(time)} x2={x(time)} y1={baseline} y2={baseline + 4} stroke="#5b6673" strokeWidth={1} />
      <text
        x={x(time)}
        y={CHART.height - 4}
        textAnchor={ticks.length === 1 ? "middle" : i === 0 ? "start" : "middle"}
        fontSize={11}
        fill="#475569"
      >
        <WhenText value={new Date(time).toISOString()} kind="shortDay" />
      </text>
    </g>
  ));
}

/** One line (when it has two points or more) and its dots per test and hand. */
function SeriesLines({ series, x, y }: { series: Series[]; x: Scales["x"]; y: Scales["y"] }) {
  return series.map((line) => (
    <g key={line.key} data-series={line.key}>
      {line.points.length > 1 ? (
        <polyline points={line.points.map((p) => `${x(p.time)},${y(p.value)}`).join(" ")} fill="none" stroke={line.color} strokeWidth={2} />
      ) : null}
      {line.points.map((p, i) => (
        <circle key={i} cx={x(p.time)} cy={y(p.value)} r={3.5} fill={line.color} />
      ))}
    </g>
  ));
}

function ChartLegend({ series }: { series: Series[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700">
      {series.map((line) => (
        <li key={line.key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: line.color }} />
          {line.label}
        </li>
      ))}
    </ul>
  );
}

function ScaleChart({ group, all, w }: { group: ChartGroup; all: Series[]; w: Words }) {
  const { first, last, x, y } = chartScales(all, CHART, group.scale);
  // Every week labelled, as the PDF does (every n-th when they would not fit): a 56-unit slot per label.
  const ticks = weekTicks(first, last, Math.floor((CHART.width - CHART.left - CHART.right) / 56));
  const [low] = group.scale;
  return (
    <figure className="space-y-2">
      <p className="text-xs font-medium text-slate-700">{group.axis}</p>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        className="h-auto w-full"
        role="img"
        aria-label={w.t("reportPage.chartLabel", {
          axis: group.axis,
          days: Math.max(1, Math.round((last - first) / 86_400_000)),
          lines: group.series.length,
        })}
        data-testid="report-chart"
      >
        <ValueGrid scale={group.scale} y={y} w={w} />
        <WeekAxis ticks={ticks} baseline={y(low)} x={x} />
        <SeriesLines series={group.series} x={x} y={y} />
      </svg>
      <figcaption>
        <ChartLegend series={group.series} />
      </figcaption>
    </figure>
  );
}

export function ChangeTable({ assessments, w }: { assessments: ReportAssessment[]; w: Words }) {
  const t = w.t;
  const rows = changes(assessments, undefined, w);
  if (rows.length === 0) return null;
  return (
    <Scroll label={t("reportPage.changeTable")}>
      <table className="w-full min-w-[32rem] text-left text-sm" data-testid="change-table">
        <caption className="sr-only">{t("reportPage.changeCaption")}</caption>
        <thead className="border-b border-slate-300 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-2">
              {t("reportPage.testHand")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("reportPage.first")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("reportPage.latest")}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("reportPage.change")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-2 font-medium">
                {row.label}
              </th>
              <td className="py-1.5 pr-2">
                <When value={row.firstAt} kind="date" />: {row.first}
              </td>
              <td className="py-1.5 pr-2">
                {row.direction === "single" ? (
                  "–"
                ) : (
                  <>
                    <When value={row.latestAt} kind="date" />: {row.latest}
                  </>
                )}
              </td>
              <td className="whitespace-nowrap py-1.5 text-right font-semibold">{row.change}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** One record: its numbers and notes (lighting, flags); its finger joints are in the goniometry table. */
export function AssessmentDetails({ item, index, w }: { item: ReportAssessment; index: number; w: Words }) {
  const metrics = snapshotMetrics(item, w);
  const notes = snapshotNotes(item, w);
  return (
    <Card
      headingLevel={3}
      title={`${index + 1}. ${typeName(item.assessmentType, w)} · ${handName(item.hand, false, w)}`}
      className="min-w-0 break-inside-avoid"
      actions={
        <span className="text-xs text-slate-700">
          {[
            <When key="when" value={item.dateCreated} />,
            weeksSinceSurgeryText(item.weeksSinceSurgery, w),
            w.t("view.code", { code: item.formattedCode }),
          ]
            .filter(Boolean)
            .flatMap((part, i) => (i === 0 ? [part] : [" · ", part]))}
        </span>
      }
    >
      {metrics.length ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
          {metrics.map((metric) => (
            <div key={metric.label}>
              <dt className="text-xs text-slate-700">{metric.label}</dt>
              <dd className="font-semibold text-slate-900">
                {metric.value}
                {metric.meaning ? <span className="block text-xs font-normal text-slate-700">{metric.meaning}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{w.table.noResults}</p>
      )}
      {notes.length ? (
        <ul className="mt-3 space-y-1 text-sm">
          {notes.map((note) => (
            <li key={note.label} className={note.warning ? "font-semibold text-amber-900" : undefined}>
              <span className={note.warning ? undefined : "text-slate-700"}>{note.label}:</span> {note.text}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
