// How an assessment's snapshot reads to a person: labelled numbers with units, headline
// scores and the spec's vocabularies (pain labels, progression levels). Shared by the PDF, the
// report and lookup pages and the explanation template, so all say the same thing; written in
// the language of `w` (lib/report-view/words.ts), English by default.
import { recordedInPoorLight } from "@/lib/assessments/goniometry";
import { KINDS, kindOf } from "@/lib/assessments/kinds";
import { presentMetrics, primaryMeasure, words, type KindModule, type MetricSpec, type SnapshotNote } from "@/lib/assessments/kinds/kind";
import type { Snapshot } from "@/lib/assessments/read";
import type { ReadAssessmentType } from "@/lib/assessments/types";
import type { AssessmentType } from "@/lib/generated/prisma/client.ts";
import { formatOn, UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import { formatValue, measureOf, scaleWords } from "@/lib/report-view/measure";
import type { ReportAssessment } from "@/lib/report-view/schemas";
import { MESSAGES } from "@/lib/i18n/messages";
import { ENGLISH, entry, summaryWords, type Words } from "@/lib/report-view/words";

export function typeName(type: ReportAssessment["assessmentType"], w: Words = ENGLISH): string {
  return w.t(`kinds.${type}.name`);
}

/** "Right hand", "Both hands"; `short` gives "Right", "Both". */
export function handName(hand: string | null, short = false, w: Words = ENGLISH): string {
  const names = short ? w.table.handShort : w.table.hand;
  return hand === "BOTH" || hand === "LEFT" || hand === "RIGHT" ? names[hand] : names.none;
}

const JOINT_NAMES = MESSAGES.en.goniometry.joints;

/** A finger joint as therapists of the language abbreviate it ("PIP"; "IFP" in Spanish); an unknown one as stored. */
export function jointName(joint: string, w: Words = ENGLISH): string {
  return Object.hasOwn(JOINT_NAMES, joint) ? w.t(`goniometry.joints.${joint as keyof typeof JOINT_NAMES}`) : joint;
}

/** A stored token (`DULL_ACHING`, `INDEX`, `POOR`) in words: the catalogue's, else the token itself in words. */
export function tokenName(token: string, w: Words = ENGLISH): string {
  return entry(w.table.tokens, token, words(token));
}

export { words } from "@/lib/assessments/kinds/kind";

/** `HEBERDEN_NODES_POSSIBLE` → "Possible Heberden's nodes"; free text is kept as written. */
export function flagName(flag: string, w: Words = ENGLISH): string {
  if (Object.hasOwn(w.table.flags, flag)) return entry(w.table.flags, flag, flag);
  if (!/^[A-Z0-9_]+$/.test(flag)) return flag;
  const possible = flag.match(/^(.+)_POSSIBLE$/);
  return possible ? w.t("view.possible", { name: words(possible[1]!).toLowerCase() }) : words(flag);
}

/** Pain severity 0-10 in words ("Moderate"). */
export function painLabel(severity: number, w: Words = ENGLISH): string {
  return entry(w.table.painLabels, String(Math.min(10, Math.max(0, Math.round(severity)))), "");
}

/** Arthritis progression level 0-4 in words. */
export function progressionName(level: number, w: Words = ENGLISH): string {
  return entry(w.table.levels, String(Math.min(4, Math.max(0, Math.round(level)))), "");
}

function num(snapshot: Record<string, unknown>, key: string): number | null {
  const value = snapshot[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

// Snapshots of older records may hold texts and lists of any length (a 1 MB comment made a PDF
// take 29 s): the documents show at most these, cut with an ellipsis.
/** Characters of one value: an enumeration word, a place, a medication, a dose, a flag. */
const MAX_VALUE_LENGTH = 120;
/** Characters of one note (a list joined, or a comment). */
const MAX_NOTE_LENGTH = 300;
/** Items of one list a note names (pain areas, medications, strategies, flags). */
const MAX_NOTE_ITEMS = 10;

/** `text` cut to `max` characters, ending in an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  // Never end on the first half of a surrogate pair.
  return `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

function str(snapshot: Record<string, unknown>, key: string, max = MAX_VALUE_LENGTH): string | null {
  const value = snapshot[key];
  return typeof value === "string" && value.trim() !== "" ? clip(value, max) : null;
}

/** At most one decimal, none when whole. */
export function round(value: number, w: Words = ENGLISH): string {
  return w.number(value, 1);
}

/** "72 / 100", "65°", "12.5 s" ("12,5 s" in Spanish), "4.2 taps/s", "42", "7 / 10". */
export function formatMetric(spec: Pick<MetricSpec, "unit" | "digits" | "scale">, value: number, w: Words = ENGLISH): string {
  return formatValue(spec, value, w.measure);
}

/** "0–10, lower is better": a measure's published scale and which way is better, or null for a descriptive figure. */
export function scaleText(spec: MetricSpec, w: Words = ENGLISH): string | null {
  return scaleWords(spec, w.measure, (min, max, direction) => w.t("measure.scale", { min, max, direction }));
}

/** A metric's label in the language of `w`, from the catalogue table the kind's metrics read under. */
export function metricLabel(
  kind: Pick<KindModule, "type" | "metricLabelsOf">,
  spec: Pick<MetricSpec, "key" | "label">,
  w: Words = ENGLISH,
): string {
  const tables = w.table.metrics as Record<string, Record<string, string>>;
  const table = tables[kind.metricLabelsOf ?? kind.type] ?? {};
  return entry(table, spec.key, spec.label);
}

export interface Metric {
  label: string;
  value: string;
  /** The value in words where a scale has names (pain labels, progression levels), or against its reference range. */
  meaning?: string;
}

export interface Note {
  label: string;
  text: string;
  /** The lighting warning: shown as a warning. */
  warning?: boolean;
}

/**
 * What a value means beside its figure: its share of the reference range, a pain label or a
 * progression level's name, and for a score which way is better.
 */
export function metricMeaning(spec: MetricSpec, value: number, w: Words = ENGLISH): string | undefined {
  if (spec.normal) return againstReference(value, spec.normal.range, w);
  if (spec.unit === "severity") return painLabel(value, w);
  if (spec.unit === "level") return progressionName(value, w);
  if (spec.unit === "score" && spec.direction) return w.measure.direction[spec.direction];
  return undefined;
}

export interface ShownMetric extends Metric {
  spec: MetricSpec;
  /** The figure as stored. */
  number: number;
}

/** The kind's metrics a snapshot has values for, labelled and written in the language of `w`. */
export function kindMetrics(kind: KindModule, snapshot: Record<string, unknown>, w: Words = ENGLISH): ShownMetric[] {
  return presentMetrics(kind, snapshot).map(({ spec, value }) => {
    const meaning = metricMeaning(spec, value, w);
    return { spec, number: value, label: metricLabel(kind, spec, w), value: formatMetric(spec, value, w), ...(meaning ? { meaning } : {}) };
  });
}

/** The kind's words beside the numbers (lighting, pattern, pain type), labelled in the language of `w`. */
export function kindFacts(kind: KindModule, snapshot: Record<string, unknown>, w: Words = ENGLISH): Metric[] {
  return kind.facts(snapshot).map(([label, value, key]) => {
    const token = snapshot[key];
    return w === ENGLISH || typeof token !== "string"
      ? { label, value }
      : { label: entry(w.table.facts, key, label), value: tokenName(token, w).slice(0, 120) };
  });
}

/** The snapshot's numbers (the kind module's metrics) and words, labelled; absent values are left out. */
export function snapshotMetrics(item: ReportAssessment, w: Words = ENGLISH): Metric[] {
  const kind = KINDS[item.assessmentType];
  const numbers = kindMetrics(kind, item.resultSnapshot, w).map(({ label, value, meaning }) => ({
    label,
    value,
    ...(meaning ? { meaning } : {}),
  }));
  return [...numbers, ...kindFacts(kind, item.resultSnapshot, w)];
}

/** Where a pain rating is, as a therapist of the language writes it: "Left index PIP", "IFP del índice, mano izquierda"; null when unstated. */
export function painPlace(area: Record<string, unknown>, w: Words = ENGLISH): string | null {
  const hand = str(area, "hand");
  const digit = str(area, "digit");
  const areaType = str(area, "areaType");
  const location = str(area, "location");
  const finger = digit ? tokenName(digit, w).toLowerCase() : null;
  const where = location ? jointName(location, w) : areaType ? entry(w.table.painAreas, areaType, words(areaType).toLowerCase()) : null;
  // A digit without a place is the place itself ("Left index").
  const place = where ?? finger;
  const side = hand && hand !== "BOTH" ? hand : null;
  return place
    ? w.t("view.painPlace", {
        place,
        digit: where && finger ? finger : "none",
        hand: side ? handName(side, true, w) : "none",
        handLong: side ? handName(side, false, w).toLowerCase() : "",
      })
    : null;
}

function painArea(area: Record<string, unknown>, w: Words): string | null {
  const severity = num(area, "severity");
  if (severity === null) return null;
  return `${painPlace(area, w) ?? w.table.unspecifiedArea} ${round(severity, w)}/10 (${painLabel(severity, w)})`;
}

function medication(item: Record<string, unknown>, w: Words): string | null {
  const name = str(item, "medicationName");
  if (!name) return null;
  const dose = str(item, "dose");
  const effect = num(item, "effectivenessRating");
  return [name, dose ? ` ${dose}` : "", effect !== null ? ` (${w.t("view.helps", { rating: round(effect, w) })})` : ""].join("");
}

const objects = (values: unknown[]) =>
  values.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v));

const strings = (values: unknown[]) => values.filter((v): v is string => typeof v === "string").map((v) => clip(v, MAX_VALUE_LENGTH));

/** The items of a snapshot member as a note lists them: a list's items, or a single text. */
function noteItems(value: unknown, item: SnapshotNote["item"], w: Words): string[] {
  const values = Array.isArray(value) ? value : [];
  switch (item) {
    case "painArea":
      return objects(values).flatMap((area) => painArea(area, w) ?? []);
    case "medication":
      return objects(values).flatMap((entry) => medication(entry, w) ?? []);
    case "token":
      return strings(values).map((token) => tokenName(token, w));
    case "flag":
      return strings(values).map((flag) => flagName(flag, w));
    case "text":
      return typeof value === "string" && value.trim() !== "" ? [clip(value, MAX_NOTE_LENGTH)] : [];
  }
}

/** Lists that do not fit a number: pain areas, medications, strategies, clinical flags. */
export function snapshotNotes(item: ReportAssessment, w: Words = ENGLISH): Note[] {
  const s = item.resultSnapshot;
  const notes: Note[] = [];
  const label = w.table.notes;
  /** The first MAX_NOTE_ITEMS of `values` described, an ellipsis for the rest; at most MAX_NOTE_LENGTH characters. */
  const add = <T>(label: string, values: T[], describe: (value: T) => string | null, warning = false) => {
    const parts = values
      .slice(0, MAX_NOTE_ITEMS)
      .map(describe)
      .filter((p): p is string => Boolean(p));
    if (parts.length === 0) return;
    if (values.length > MAX_NOTE_ITEMS) parts.push("…");
    notes.push({ label, text: clip(parts.join("; "), MAX_NOTE_LENGTH), ...(warning ? { warning } : {}) });
  };
  const kind: KindModule = KINDS[item.assessmentType];
  for (const note of kind.notes ?? []) add(label[note.label], noteItems(s[note.key], note.item, w), (text) => text);
  add(label.lighting, [lightingWarning(item, w)], (warning) => warning, true);
  return notes;
}

/** "reference 0–70° (89%)" for an angle against its reference range. */
export function againstReference(value: number, [min, max]: readonly [number, number], w: Words = ENGLISH): string {
  return w.t("view.reference", { min, max, percent: Math.round((value / max) * 100) });
}

/** The warning a camera record with poor lighting carries, or null. */
export function lightingWarning(item: { resultSnapshot: Record<string, unknown> }, w: Words = ENGLISH): string | null {
  return recordedInPoorLight(item) ? w.table.poorLighting : null;
}

/** "8 weeks after surgery", "2 weeks before surgery", "the week of surgery"; null when not known. */
export function weeksSinceSurgeryText(weeks: number | null, w: Words = ENGLISH): string | null {
  if (weeks === null) return null;
  if (weeks === 0) return w.table.weeks.firstWeek;
  return w.t(weeks > 0 ? "view.weeks.after" : "view.weeks.before", { weeks: Math.abs(weeks) });
}

export interface Headline {
  /** The kind's own measure in words: "QuickDASH disability 38.6 / 100 (lower is better)", "Worst pain 6 / 10 (Distressing)". */
  text: string;
  /** The measure's value on its own scale, or null without one. */
  value: number | null;
  spec: MetricSpec;
}

export function headline(item: ReportAssessment, w: Words = ENGLISH): Headline {
  const kind = KINDS[item.assessmentType];
  return {
    text: headlineText(kind, item.resultSnapshot, w),
    value: measureOf(kind, item.resultSnapshot)?.value ?? null,
    spec: primaryMeasure(kind),
  };
}

/**
 * The kind's own measure in words, from its declaration alone: its label, its value on its own
 * scale with its unit, and what the value means (a pain label, which way is better), followed by
 * the kind's angles when the measure is a composite of them.
 */
export function headlineText(kind: KindModule, s: Record<string, unknown>, w: Words = ENGLISH): string {
  const spec = primaryMeasure(kind);
  const name = metricLabel(kind, spec, w);
  const measure = measureOf(kind, s);
  if (!measure) return w.t("measure.missing", { name });
  const value = formatMetric(spec, measure.value, w);
  const meaning = metricMeaning(spec, measure.value, w);
  const text = meaning ? w.t("measure.headlineMeaning", { name, value, meaning }) : w.t("measure.headline", { name, value });
  const angles = kindMetrics(kind, s, w)
    .filter((shown) => shown.spec.unit === "degree")
    .map((shown) => `${shown.label} ${shown.value}`);
  return [text, ...angles].join(" · ");
}

/** A kind's name for a stored or read type, in the language of `w` (the type itself for an unknown one). */
export function kindName(type: string, w: Words = ENGLISH): string {
  const kind = kindOf(type);
  return kind ? typeName(kind.type as ReportAssessment["assessmentType"], w) : words(type);
}

/** `22 Nov 2026` on `clock` (by default UTC, so the document reads the same wherever it is rendered). */
export function formatDate(iso: string, clock: Clock = UTC_CLOCK): string {
  return formatOn(clock, "date", iso);
}

/** `22 Nov`: a chart's axis labels. */
export function formatShortDate(iso: string, clock: Clock = UTC_CLOCK): string {
  return formatOn(clock, "shortDate", iso);
}

/** `22 Nov 2026, 09:30 UTC`; on another clock its own order and zone (`Nov 21, 2026, 11:30 PM EST`). */
export function formatDateTime(iso: string, clock: Clock = UTC_CLOCK): string {
  return formatOn(clock, "dateTime", iso);
}

/**
 * The one-line detail summary of an assessment from its snapshot (its kind module's) in the
 * language of `w`, e.g. "ROM 72/100 · wrist 80 · fingers 65", "Pain 6/10 max · 3 areas". Missing
 * numbers are left out.
 */
export function assessmentSummaryLine(
  type: AssessmentType | ReadAssessmentType | string,
  snapshot: Snapshot | null | undefined,
  w: Words = ENGLISH,
): string {
  return kindOf(type)?.summary(snapshot ?? {}, summaryWords(w)) ?? String(type);
}
