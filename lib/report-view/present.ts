// How an assessment's snapshot reads to a person: labelled numbers with units, headline
// scores and the spec's vocabularies (pain labels, progression levels). Shared by the PDF and
// the explanation template, so both say the same thing.
import {
  ARTHRITIS_PATTERN_NAMES,
  ASSESSMENT_TYPE_NAMES,
  CLINICAL_FLAG_NAMES,
  FINGER_NAMES,
  PAIN_AREA_NAMES,
  PAIN_LABELS,
  PROGRESSION_LEVELS,
  WRIST_REFERENCE_RANGES,
} from "@/lib/assessments/vocabulary";
import type { JointResult, ReportAssessment } from "@/lib/report-view/schemas";

export const DISCLAIMER =
  "Self-measured results for information only. This is not a medical diagnosis: discuss these results with a qualified clinician.";

export function typeName(type: ReportAssessment["assessmentType"]): string {
  return ASSESSMENT_TYPE_NAMES[type]!;
}

/** "Right hand", "Both hands"; `short` gives "Right", "Both". */
export function handName(hand: string | null, short = false): string {
  if (hand === "BOTH") return short ? "Both" : "Both hands";
  if (hand === "LEFT") return short ? "Left" : "Left hand";
  if (hand === "RIGHT") return short ? "Right" : "Right hand";
  return short ? "–" : "Hand not stated";
}

/** `DULL_ACHING` → `Dull aching`. */
export function words(token: string): string {
  const text = token.toLowerCase().replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `HEBERDEN_NODES_POSSIBLE` → "Possible Heberden's nodes"; free text is kept as written. */
export function flagName(flag: string): string {
  const known = CLINICAL_FLAG_NAMES[flag];
  if (known) return known;
  if (!/^[A-Z0-9_]+$/.test(flag)) return flag;
  const possible = flag.match(/^(.+)_POSSIBLE$/);
  return possible ? `Possible ${words(possible[1]!).toLowerCase()}` : words(flag);
}

export function painLabel(severity: number): string {
  return PAIN_LABELS[Math.min(10, Math.max(0, Math.round(severity)))]!;
}

export function progressionName(level: number): string {
  return PROGRESSION_LEVELS[Math.min(4, Math.max(0, Math.round(level)))]!;
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

function list(snapshot: Record<string, unknown>, key: string): unknown[] {
  const value = snapshot[key];
  return Array.isArray(value) ? value : [];
}

/** At most one decimal, none when whole. */
export function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

const score = (value: number) => `${round(value)} / 100`;
const degrees = (value: number) => `${round(value)}°`;
const pain = (value: number) => `${round(value)} / 10 (${painLabel(value)})`;
const level = (value: number) => `${Math.round(value)} – ${progressionName(value)}`;

export interface Metric {
  label: string;
  value: string;
  /** The value in words where a scale has names (pain labels, progression levels). */
  meaning?: string;
}

export interface Note {
  label: string;
  text: string;
}

type Row = [label: string, value: number | string | null, format?: (value: number) => string, meaning?: (value: number) => string];

function metrics(rows: Row[]): Metric[] {
  return rows.flatMap(([label, value, format, meaning]) => {
    if (value === null) return [];
    if (typeof value === "string") return [{ label, value }];
    return [{ label, value: (format ?? round)(value), ...(meaning ? { meaning: meaning(value) } : {}) }];
  });
}

/** The snapshot's numbers, labelled in words with their units; absent values are left out. */
export function snapshotMetrics(item: ReportAssessment): Metric[] {
  const s = item.resultSnapshot;
  const enumValue = (key: string) => {
    const value = str(s, key);
    return value ? words(value) : null;
  };
  switch (item.assessmentType) {
    case "ROM":
    case "THUMB":
      return metrics([
        ["Overall score", num(s, "overallScore"), score],
        ["Wrist score", num(s, "wristScore"), score],
        ["Finger score", num(s, "fingerScore"), score],
        ["Wrist extension", num(s, "extensionDeg"), degrees, (v) => wristAgainstReference(v, "extension")],
        ["Wrist flexion", num(s, "flexionDeg"), degrees, (v) => wristAgainstReference(v, "flexion")],
        ["Lighting", enumValue("lightingQuality")],
      ]);
    case "DEXTERITY":
      return metrics([
        ["Overall score", num(s, "overallScore"), score],
        ["Speed score", num(s, "speedScore"), score],
        ["Touch precision", num(s, "touchPrecision") ?? num(s, "accuracyScore"), score],
        ["Consistency", num(s, "consistencyScore"), score],
        ["Tapping cycles", num(s, "cycleCount")],
        ["Total touches", num(s, "totalTouches")],
        ["Sequences done", num(s, "sequencesCompleted")],
        ["10-sequence time", num(s, "timeTo10Sequences"), (v) => `${round(v)} s`],
        ["Tapping rate", num(s, "averageFrequency"), (v) => `${round(v)} taps/s`],
        ["Sequence accuracy", num(s, "sequenceAccuracy"), score],
        ["Lighting", enumValue("lightingQuality")],
      ]);
    case "PAIN":
      return metrics([
        ["Worst pain", num(s, "maxSeverity"), (v) => `${round(v)} / 10`, painLabel],
        ["Pain score", num(s, "overallScore"), score],
        ["Pain type", enumValue("painType")],
        ["Time of day", enumValue("timeOfDay")],
        ["Mode", enumValue("mode")],
      ]);
    case "ARTHRITIS":
      return metrics([
        ["Composite score", num(s, "compositeScore"), score],
        ["Progression", num(s, "progressionLevel"), (v) => `Level ${Math.round(v)}`, progressionName],
        ["Pattern", str(s, "patternType") ? (ARTHRITIS_PATTERN_NAMES[str(s, "patternType")!] ?? words(str(s, "patternType")!)) : null],
        ["ROM deficit", num(s, "romDeficitScore"), score],
        ["Pain burden", num(s, "painBurdenScore"), score],
        ["Function", num(s, "functionalScore"), score],
        ["Stiffness", num(s, "stiffnessScore"), score],
        ["Affected joints", num(s, "affectedJointCount")],
      ]);
  }
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

/** "reference 0–70° (89%)" for a wrist angle against the spec's scoring range. */
export function wristAgainstReference(value: number, movement: keyof typeof WRIST_REFERENCE_RANGES): string {
  const [, max] = WRIST_REFERENCE_RANGES[movement];
  return `reference 0–${max}° (${Math.round((value / max) * 100)}%)`;
}

/** The warning a camera record with poor lighting carries, or null. */
export function lightingWarning(item: ReportAssessment): string | null {
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

export interface JointRow {
  joint: string;
  /** "12°–68°" */
  angles: string;
  rom: string;
  normal: string;
  /** Range of motion more than a tenth short of the normal range's span (camera measurements are not finer). */
  belowNormal: boolean;
}

/** A joint's range of motion under this share of its normal span reads "below normal". */
const BELOW_NORMAL = 0.9;

/** Per-joint angles in words: "Right index PIP", "12°–68°", "56°", "0°–100°". */
export function jointRows(joints: JointResult[]): JointRow[] {
  const hands = new Set(joints.map((j) => j.hand));
  return joints.map((j) => {
    const finger = j.finger ? (FINGER_NAMES[j.finger] ?? words(j.finger)) : null;
    const hand = hands.size > 1 && j.hand && j.hand !== "BOTH" ? words(j.hand) : null;
    const joint = [hand, hand && finger ? finger.toLowerCase() : finger, j.jointType].filter(Boolean).join(" ") || "Joint";
    const angles = j.minAngle !== null && j.maxAngle !== null ? `${round(j.minAngle)}°–${round(j.maxAngle)}°` : "–";
    const normal = j.normalRange ? `${round(j.normalRange[0])}°–${round(j.normalRange[1])}°` : "–";
    const belowNormal = j.rom !== null && j.normalRange !== null && j.rom < BELOW_NORMAL * (j.normalRange[1] - j.normalRange[0]);
    return { joint: clip(joint, MAX_VALUE_LENGTH), angles, rom: j.rom === null ? "–" : degrees(j.rom), normal, belowNormal };
  });
}

export interface Headline {
  /** e.g. "Overall 78 / 100", "Worst pain 7 / 10 (Unmanageable)". */
  text: string;
  /** The 0-100 score (higher is better) plotted over time, or null. */
  score: number | null;
}

export function headline(item: ReportAssessment): Headline {
  const s = item.resultSnapshot;
  switch (item.assessmentType) {
    case "PAIN": {
      const worst = num(s, "maxSeverity");
      return { text: worst === null ? "No pain rating" : `Worst pain ${pain(worst)}`, score: num(s, "overallScore") };
    }
    case "ARTHRITIS": {
      const composite = num(s, "compositeScore");
      const progression = num(s, "progressionLevel");
      const parts = [
        composite !== null ? `Composite ${score(composite)}` : null,
        progression !== null ? `level ${level(progression)}` : null,
      ];
      return { text: parts.filter(Boolean).join(", ") || "No composite score", score: composite };
    }
    default: {
      const overall = num(s, "overallScore");
      return { text: overall === null ? "No overall score" : `Overall ${score(overall)}`, score: overall };
    }
  }
}

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" });

/** `22 Nov 2026` (UTC, so the document reads the same wherever it is rendered). */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return `${DATE.format(new Date(iso))}, ${TIME.format(new Date(iso))} UTC`;
}
