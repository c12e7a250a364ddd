// How an assessment's snapshot reads to a person: labelled numbers with units, headline
// scores and the spec's vocabularies (pain labels, progression levels). Shared by the PDF and
// the explanation template, so both say the same thing.
import { CLINICAL_FLAG_NAMES, PAIN_AREA_NAMES } from "@/lib/assessments/vocabulary";
import { KINDS } from "@/lib/assessments/kinds";
import { progressionName } from "@/lib/assessments/kinds/arthritis";
import { formatMetric, presentMetrics, words, type MetricSpec } from "@/lib/assessments/kinds/kind";
import { painLabel } from "@/lib/assessments/kinds/pain";
import { formatOn, UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import type { ReportAssessment } from "@/lib/report-view/schemas";

export const DISCLAIMER =
  "Self-measured results for information only. This is not a medical diagnosis: discuss these results with a qualified clinician.";

export function typeName(type: ReportAssessment["assessmentType"]): string {
  return KINDS[type].name;
}

/** "Right hand", "Both hands"; `short` gives "Right", "Both". */
export function handName(hand: string | null, short = false): string {
  if (hand === "BOTH") return short ? "Both" : "Both hands";
  if (hand === "LEFT") return short ? "Left" : "Left hand";
  if (hand === "RIGHT") return short ? "Right" : "Right hand";
  return short ? "–" : "Hand not stated";
}

export { words } from "@/lib/assessments/kinds/kind";

/** `HEBERDEN_NODES_POSSIBLE` → "Possible Heberden's nodes"; free text is kept as written. */
export function flagName(flag: string): string {
  const known = CLINICAL_FLAG_NAMES[flag];
  if (known) return known;
  if (!/^[A-Z0-9_]+$/.test(flag)) return flag;
  const possible = flag.match(/^(.+)_POSSIBLE$/);
  return possible ? `Possible ${words(possible[1]!).toLowerCase()}` : words(flag);
}

export { painLabel } from "@/lib/assessments/kinds/pain";
export { progressionName } from "@/lib/assessments/kinds/arthritis";

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

function list(snapshot: Record<string, unknown>, key: string): unknown[] {
  const value = snapshot[key];
  return Array.isArray(value) ? value : [];
}

/** At most one decimal, none when whole. */
export function round(value: number): string {
  return String(Math.round(value * 10) / 10);
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
}

/** What a value means beside its figure: a pain label, a progression level's name, its share of the reference range. */
export function metricMeaning(spec: MetricSpec, value: number): string | undefined {
  if (spec.reference) return againstReference(value, spec.reference);
  if (spec.unit === "severity") return painLabel(value);
  if (spec.unit === "level") return progressionName(value);
  return undefined;
}

/** The snapshot's numbers (the kind module's metrics) and words, labelled; absent values are left out. */
export function snapshotMetrics(item: ReportAssessment): Metric[] {
  const kind = KINDS[item.assessmentType];
  const numbers = presentMetrics(kind, item.resultSnapshot).map(({ spec, value }) => {
    const meaning = metricMeaning(spec, value);
    return { label: spec.label, value: formatMetric(spec, value), ...(meaning ? { meaning } : {}) };
  });
  return [...numbers, ...kind.facts(item.resultSnapshot).map(([label, value]) => ({ label, value }))];
}

function painArea(entry: Record<string, unknown>): string | null {
  const severity = num(entry, "severity");
  if (severity === null) return null;
  const place = [
    str(entry, "hand") && str(entry, "hand") !== "BOTH" ? words(str(entry, "hand")!) : null,
    str(entry, "digit") ? words(str(entry, "digit")!).toLowerCase() : null,
    str(entry, "location") ??
      (str(entry, "areaType") ? (PAIN_AREA_NAMES[str(entry, "areaType")!] ?? words(str(entry, "areaType")!).toLowerCase()) : null),
  ]
    .filter(Boolean)
    .join(" ");
  return `${place || "Unspecified area"} ${round(severity)}/10 (${painLabel(severity)})`;
}

function medication(entry: Record<string, unknown>): string | null {
  const name = str(entry, "medicationName");
  if (!name) return null;
  const dose = str(entry, "dose");
  const effect = num(entry, "effectivenessRating");
  return [name, dose ? ` ${dose}` : "", effect !== null ? ` (helps ${round(effect)}/10)` : ""].join("");
}

const objects = (values: unknown[]) =>
  values.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v));

const strings = (values: unknown[]) => values.filter((v): v is string => typeof v === "string").map((v) => clip(v, MAX_VALUE_LENGTH));

/** Lists that do not fit a number: pain areas, medications, strategies, clinical flags. */
export function snapshotNotes(item: ReportAssessment): Note[] {
  const s = item.resultSnapshot;
  const notes: Note[] = [];
  /** The first MAX_NOTE_ITEMS of `values` described, an ellipsis for the rest; at most MAX_NOTE_LENGTH characters. */
  const add = <T>(label: string, values: T[], describe: (value: T) => string | null) => {
    const parts = values
      .slice(0, MAX_NOTE_ITEMS)
      .map(describe)
      .filter((p): p is string => Boolean(p));
    if (parts.length === 0) return;
    if (values.length > MAX_NOTE_ITEMS) parts.push("…");
    notes.push({ label, text: clip(parts.join("; "), MAX_NOTE_LENGTH) });
  };
  if (item.assessmentType === "PAIN") {
    add("Where", objects(list(s, "entries")), painArea);
    add("Medication", objects(list(s, "medications")), medication);
    add("Self-care", strings(list(s, "strategies")), words);
    add("Comments", [str(s, "comments", MAX_NOTE_LENGTH)], (comment) => comment);
  }
  if (item.assessmentType === "ARTHRITIS") {
    add("Clinical flags", strings(list(s, "clinicalFlags")), flagName);
  }
  add("Lighting", [lightingWarning(item)], (warning) => warning);
  return notes;
}

/** "reference 0–70° (89%)" for an angle against its reference range. */
export function againstReference(value: number, [min, max]: readonly [number, number]): string {
  return `reference ${min}–${max}° (${Math.round((value / max) * 100)}%)`;
}

/** The warning a camera record with poor lighting carries, or null. */
export function lightingWarning(item: { resultSnapshot: Record<string, unknown> }): string | null {
  return item.resultSnapshot.lightingQuality === "POOR"
    ? "Poor lighting when recorded: the measured angles and touches may be less accurate."
    : null;
}

/** "8 weeks after surgery", "2 weeks before surgery", "the week of surgery"; null when not known. */
export function weeksSinceSurgeryText(weeks: number | null): string | null {
  if (weeks === null) return null;
  if (weeks === 0) return "in the first week after surgery";
  const n = Math.abs(weeks);
  return `${n} week${n === 1 ? "" : "s"} ${weeks > 0 ? "after" : "before"} surgery`;
}

export interface Headline {
  /** e.g. "Overall 78 / 100", "Worst pain 7 / 10 (Unmanageable)". */
  text: string;
  /** The 0-100 score (higher is better) plotted over time, or null. */
  score: number | null;
}

export function headline(item: ReportAssessment): Headline {
  const kind = KINDS[item.assessmentType];
  return { text: kind.headlineText(item.resultSnapshot), score: kind.headline(item.resultSnapshot) };
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
