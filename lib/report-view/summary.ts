// The report's overview, shared by the PDF and the /r page so both say the same: whose records
// these are, the charts' series (one per test and hand, each on its measure's own scale, one
// chart per scale), and the change from first to latest; in the language of `w`
// (lib/report-view/words.ts), English by default.
import type { MetricSpec } from "@/lib/assessments/kinds/kind";
import { FORMAT_LOCALES } from "@/lib/i18n/locales";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import { formatDelta, verdictOf } from "@/lib/report-view/measure";
import {
  formatDate,
  formatDateTime,
  handName,
  headline,
  kindName,
  metricLabel,
  scaleText,
  typeName,
  weeksSinceSurgeryText,
} from "@/lib/report-view/present";
import type { ReportAssessment, ReportView } from "@/lib/report-view/schemas";
import { ENGLISH, entry, type Words } from "@/lib/report-view/words";

export interface SeriesPoint {
  time: number;
  /** The measure's value on its own scale. */
  value: number;
  /** The record's headline ("Worst pain 6 / 10 (Distressing)"), for a table or a tooltip. */
  text: string;
}

export interface Series {
  /** `ROM:RIGHT`: one line per test and hand; a both-hands result never joins a one-hand line. */
  key: string;
  type: ReportAssessment["assessmentType"];
  hand: string | null;
  label: string;
  color: string;
  /** The kind's own measure: its scale and direction place the series on a chart. */
  spec: MetricSpec;
  points: SeriesPoint[];
}

/** Distinct on white and in greyscale print order; 4.5:1 contrast or more against white. */
const PALETTE = ["#0f5c6e", "#c2410c", "#6d28d9", "#15803d", "#b45309", "#be123c", "#1d4ed8", "#4d7c0f"];

export const seriesKey = (item: Pick<ReportAssessment, "assessmentType" | "hand">) => `${item.assessmentType}:${item.hand ?? "NONE"}`;

function seriesLabel(type: ReportAssessment["assessmentType"], hand: string | null, w: Words): string {
  const name = typeName(type, w);
  return hand ? `${name} · ${handName(hand, false, w)}` : name;
}

/** The scored records as series, in order of first appearance, each oldest first. */
export function chartSeries(assessments: ReportAssessment[], w: Words = ENGLISH): Series[] {
  const byKey = new Map<string, Series>();
  for (const item of [...assessments].sort((a, b) => Date.parse(a.dateCreated) - Date.parse(b.dateCreated))) {
    const { value, text, spec } = headline(item, w);
    if (value === null) continue;
    const key = seriesKey(item);
    let series = byKey.get(key);
    if (!series) {
      series = {
        key,
        type: item.assessmentType,
        hand: item.hand,
        label: seriesLabel(item.assessmentType, item.hand, w),
        color: PALETTE[byKey.size % PALETTE.length]!,
        spec,
        points: [],
      };
      byKey.set(key, series);
    }
    series.points.push({ time: Date.parse(item.dateCreated), value, text });
  }
  return [...byKey.values()];
}

/** Series that share a chart: measures on the same scale, the same way up. */
export interface ChartGroup {
  key: string;
  /** The y axis: its bounds. */
  scale: readonly [number, number];
  /** "Worst pain: 0–10, lower is better". */
  axis: string;
  series: Series[];
}

/** The series split into one chart per scale and direction, in order of first appearance. */
export function chartGroups(series: Series[], w: Words = ENGLISH): ChartGroup[] {
  const groups = new Map<string, ChartGroup>();
  for (const line of series) {
    const scale = line.spec.scale ?? [0, Math.max(...line.points.map((p) => p.value))];
    const key = `${scale.join("-")}:${line.spec.direction ?? ""}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, scale, axis: "", series: [] };
      groups.set(key, group);
    }
    group.series.push(line);
  }
  return [...groups.values()].map((group) => {
    const first = group.series[0]!;
    const names = [...new Set(group.series.map((line) => metricLabel({ type: first.type }, line.spec, w)))].join(", ");
    return { ...group, axis: w.t("measure.chartAxis", { names, scale: scaleText(first.spec, w) ?? kindName(first.type, w) }) };
  });
}

export interface Change {
  key: string;
  label: string;
  /** ISO instants of the first and latest results, for a page that formats them on its viewer's clock. */
  firstAt: string;
  firstDate: string;
  first: string;
  latestAt: string;
  latestDate: string;
  latest: string;
  /** "+18.2 (worse)", "−1 (within the minimal important change)", "no change", "one result only". */
  change: string;
  direction: "better" | "worse" | "within" | "same" | "single";
}

/** First → latest per test and hand, on each measure's own scale, better or worse by its declared direction and MCID. */
export function changes(assessments: ReportAssessment[], clock: Clock = UTC_CLOCK, w: Words = ENGLISH): Change[] {
  return chartSeries(assessments, w).map((series) => {
    const first = series.points[0]!;
    const latest = series.points[series.points.length - 1]!;
    const delta = latest.value - first.value;
    const verdict = verdictOf(series.spec, first.value, latest.value) ?? "within";
    const direction = series.points.length < 2 ? "single" : Math.abs(delta) < 0.05 ? "same" : verdict;
    const change =
      direction === "single" || direction === "same"
        ? w.table.change[direction]
        : w.t("measure.change", { delta: formatDelta(series.spec, delta, w.measure), verdict: w.measure.verdict[direction] });
    return {
      key: series.key,
      label: series.label,
      firstAt: new Date(first.time).toISOString(),
      firstDate: formatDate(new Date(first.time).toISOString(), clock),
      first: first.text,
      latestAt: new Date(latest.time).toISOString(),
      latestDate: formatDate(new Date(latest.time).toISOString(), clock),
      latest: latest.text,
      change,
      direction,
    };
  });
}

/** Whether a chart is drawn: a series with two or more results. */
export const hasChart = (assessments: ReportAssessment[]) => chartSeries(assessments).some((series) => series.points.length >= 2);

/** How many charts a report draws: one per scale, none without a series of two results. */
export const chartCount = (assessments: ReportAssessment[]) => (hasChart(assessments) ? chartGroups(chartSeries(assessments)).length : 0);

/** Who the records belong to, when it needs saying (else null): mixed or anonymous records. */
export function ownershipNotice(report: Pick<ReportView, "owners" | "patient">, w: Words = ENGLISH): string | null {
  const { status, accounts, anonymousRecords } = report.owners;
  if (status === "mixed") {
    const parts = [
      accounts ? w.t("view.ownership.accounts", { count: accounts }) : null,
      anonymousRecords ? w.t("view.ownership.anonymousRecords", { count: anonymousRecords }) : null,
    ].filter((part): part is string => part !== null);
    const sources = parts.length === 2 ? w.t("view.ownership.and", { first: parts[0]!, second: parts[1]! }) : (parts[0] ?? "");
    return w.t("view.ownership.mixed", { sources });
  }
  if (status === "anonymous") return w.table.ownership.anonymous;
  if (status === "unstated") return w.table.ownership.unstated;
  if (status === "single" && !report.patient) return w.table.ownership.single;
  return null;
}

/**
 * The document's heading: the report's title, unless someone without an account chose it (anyone
 * holding a code can make a report): then the service's own heading, and the title as theirs.
 */
export function reportHeading(report: Pick<ReportView, "title" | "createdBy">, w: Words = ENGLISH): string {
  return report.createdBy === "anonymous" ? w.table.reportHeading : report.title;
}

/** An anonymous sender's title, quoted as theirs (null when the heading is the title). */
export function senderTitle(report: Pick<ReportView, "title" | "createdBy">, w: Words = ENGLISH): string | null {
  return report.createdBy === "anonymous" ? w.t("view.senderTitle", { title: report.title }) : null;
}

/** The patient as the document names them: "Alex Example", or who the records belong to. */
export function patientLabel(report: Pick<ReportView, "owners" | "patient">, w: Words = ENGLISH): string {
  if (report.patient?.name) return report.patient.name;
  if (report.owners.status === "mixed") return w.table.patient.several;
  if (report.owners.status === "single") return w.table.patient.oneAccount;
  if (report.owners.status === "unstated") return w.table.patient.unstated;
  return w.table.patient.anonymous;
}

/**
 * Date of birth and surgery, where the profile has them: "Born 3 Mar 1970 · Surgery 1 Jun 2026
 * (carpal tunnel release)". Calendar days, so always read in UTC, written for `locale`.
 */
export function patientDetails(report: Pick<ReportView, "patient">, w: Words = ENGLISH, locale = FORMAT_LOCALES[w.locale]): string | null {
  const p = report.patient;
  if (!p) return null;
  const day = (value: string) => formatDate(`${value}T00:00:00Z`, { timeZone: "UTC", locale });
  const parts = [
    p.dateOfBirth ? w.t("view.born", { date: day(p.dateOfBirth) }) : null,
    p.surgeryDate ? `${w.t("view.surgery", { date: day(p.surgeryDate) })}${p.surgeryType ? ` (${p.surgeryType})` : ""}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/**
 * The chart line of a report a clinician made for their patient: "Record no. 42 · Diagnosis:
 * distal radius fracture · Affected hand: right · Dominant hand: right · 12 weeks since surgery".
 */
export function clinicalDetails(report: Pick<ReportView, "clinical">, w: Words = ENGLISH): string | null {
  const c = report.clinical;
  if (!c) return null;
  const hand = (value: string) => entry(w.table.handShort, value, value).toLocaleLowerCase(FORMAT_LOCALES[w.locale]);
  return [
    w.t("view.recordNumber", { number: c.recordNumber }),
    c.diagnosis ? w.t("view.diagnosis", { text: c.diagnosis }) : null,
    c.affectedHand ? w.t("view.affectedHand", { hand: hand(c.affectedHand) }) : null,
    c.dominantHand ? w.t("view.dominantHand", { hand: hand(c.dominantHand) }) : null,
    c.weeksSinceSurgery !== null && c.weeksSinceSurgery >= 0 ? w.t("view.weeksSinceSurgery", { weeks: c.weeksSinceSurgery }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Who made a clinician's report: "Made by Dr Ana Ruiz, Clínica Norte"; null for every other report. */
export function madeByLine(report: Pick<ReportView, "clinical">, w: Words = ENGLISH): string | null {
  const c = report.clinical;
  if (!c) return null;
  const clinician = c.clinician ?? w.t("view.unnamedClinician");
  return c.clinic ? w.t("view.madeByAt", { clinician, clinic: c.clinic }) : w.t("view.madeBy", { clinician });
}

export interface ChartGeometry {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** x and y of a chart of `geometry` over the points' time span, `scale` upwards. */
export function chartScales(series: Series[], geometry: ChartGeometry, scale: readonly [number, number] = [0, 100], inset = 6) {
  const times = series.flatMap((s) => s.points.map((p) => p.time));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const plotWidth = geometry.width - geometry.left - geometry.right - 2 * inset;
  const plotHeight = geometry.height - geometry.top - geometry.bottom;
  return {
    first,
    last,
    x: (time: number) => geometry.left + inset + (last === first ? plotWidth / 2 : ((time - first) / (last - first)) * plotWidth),
    y: (value: number) => {
      const [low, high] = scale;
      const share = high === low ? 0.5 : (Math.min(high, Math.max(low, value)) - low) / (high - low);
      return geometry.top + (1 - share) * plotHeight;
    },
  };
}

/** Five evenly spaced labels of a chart's y axis. */
export const axisTicks = ([low, high]: readonly [number, number]) => [0, 1, 2, 3, 4].map((i) => low + ((high - low) * i) / 4);

const WEEK_MS = 7 * 86_400_000;

/**
 * Where the time axis is labelled: the first result's time and every week after it up to the
 * last, every n-th week when more than `maxLabels` would not fit.
 */
export function weekTicks(first: number, last: number, maxLabels: number): number[] {
  const weeks = Math.floor((last - first) / WEEK_MS);
  const step = Math.max(1, Math.ceil((weeks + 1) / maxLabels));
  const ticks: number[] = [];
  for (let week = 0; week <= weeks; week += step) ticks.push(first + week * WEEK_MS);
  return ticks;
}

/** The section's date line: "12 Jun 2026, 09:30 UTC · 8 weeks after surgery · Code ABC-234". */
export function sectionMeta(item: ReportAssessment, clock: Clock = UTC_CLOCK, w: Words = ENGLISH): string {
  return [
    formatDateTime(item.dateCreated, clock),
    weeksSinceSurgeryText(item.weeksSinceSurgery, w),
    w.t("view.code", { code: item.formattedCode }),
  ]
    .filter(Boolean)
    .join(" · ");
}
