// What one assessment kind knows about itself, in one place: the headline score and its
// direction, the labelled metrics with units and reference ranges, the summary line, the FHIR
// codes, the words people read and hear, and its minimal clinically important difference. Every
// consumer (pages, PDF, explanation, narrative, FHIR, voice, the standings' SQL) reads kinds
// through the registry (./index.ts). No server imports and no schemas: the browser loads the kind
// modules, so their zod schemas (the snapshot, the results tree, a submission's contract) are
// joined to them in ./contracts.ts, which only the server and the API's contract read.
import type { z } from "zod";
import type { Endpoint } from "@/lib/api/endpoint";
import type { AssessmentType, Hand } from "@/lib/generated/prisma/enums.ts";

export type Snapshot = Record<string, unknown>;

/**
 * The units metrics are shown in; lib/report-view/measure.ts writes each the same way on every
 * surface, with the catalogue's symbols ("measure.units").
 */
export type MetricUnit = "score" | "degree" | "second" | "perSecond" | "count" | "severity" | "level" | "kg" | "percent";

/** Which way a measure gets better on its own scale. */
export type Direction = "higherIsBetter" | "higherIsWorse";

/**
 * The smallest change of a measure, on its own scale, that is clinically important. A change
 * counts when it reaches `points` or, where given, `fraction` of the earlier value (inclusive).
 */
export interface MeasureMcid {
  points: number;
  /** Pain: 0.3 (Farrar 2001, "2 points or 30 %"). */
  fraction?: number;
  /** The study it comes from, or "this service's own choice" and why. */
  source: string;
  /** The variable that overrides a default of this service's own. */
  env?: string;
}

/** The value at which a measure's own latest result is low enough to need attention, inclusive, and where the threshold comes from. */
export interface LowThreshold {
  /** A result this value or worse (by the measure's direction) is low. */
  at: number;
  /** The study it comes from, or "this service's own choice" and why. */
  source: string;
}

/** The range a healthy value lies in, and the publication it comes from. */
export interface NormalRange {
  range: readonly [number, number];
  source: string;
}

/**
 * One measure of a kind, as a clinician writes it: its unit and published scale, which way is
 * better, its MCID and its normal range, each with its source. Every surface formats, compares
 * and words a measure from this declaration alone.
 */
export interface MetricSpec {
  /** The snapshot member holding the value. */
  key: string;
  label: string;
  unit: MetricUnit;
  /** The bounds of the published scale (0-100, 0-10, 0-4), when it has them. */
  scale?: readonly [number, number];
  /** Absent for descriptive figures (items answered, touches) that are neither better nor worse. */
  direction?: Direction;
  mcid?: MeasureMcid;
  /** A kind's own measure: where a result is low (the attention rule). */
  low?: LowThreshold;
  normal?: NormalRange;
  /** Decimals shown (one by default). */
  digits?: number;
}

/**
 * A list in the snapshot shown as a note beside the figures (report page, PDF, explanation):
 * its catalogue label (messages' view.notes) and how each item reads.
 */
export interface SnapshotNote {
  label: "where" | "medication" | "selfCare" | "comments" | "flags";
  key: string;
  /** A located pain rating, a medication with its dose, a stored token, a clinical flag, a free text. */
  item: "painArea" | "medication" | "token" | "flag" | "text";
}

/**
 * The scale a kind is published on, when its headline is not that scale: notes and the voice say
 * the result on it too, so "65" is never read as a QuickDASH of 65.
 */
export interface OwnScale {
  /** "QuickDASH disability", "worst pain". */
  name: string;
  /** The value on the own scale of a headline score. */
  fromHeadline(headline: number): number;
  max: number;
  /** Said after the figures when higher is worse ("higher is more disability"). */
  direction?: string;
}

export interface KindFhir {
  /** This service's CodeSystem code of the Observation (lib/fhir/terminology.ts), its display and definition. */
  ownCode: string;
  display: string;
  definition: string;
  /** Observation.code.text. */
  text: string;
  /** The snapshot (or results tree) member that is Observation.value. */
  valueKey: string;
  category: "exam" | "survey";
  /** Each metric becomes a component coded `<ownCode>-<metric key>` in this service's CodeSystem. */
  metricComponents?: boolean;
  /** The member (of the results tree, else the snapshot) whose free text is Observation.note. */
  noteKey?: string;
}

/** What the voice assistant (lib/voice/script.ts) listens for to choose a kind, and tells the person before it starts. */
export interface KindVoice {
  words: RegExp;
  prepare: string;
}

/** What the camera kinds ask before they start. */
export const CAMERA_PREPARE = "Get your hand in view of the camera";

export interface KindModule {
  /** The name responses carry. */
  type: string;
  /** The name stored (Prisma's AssessmentType). */
  stored: AssessmentType;
  /** As reports and documents name it ("Range of motion"). */
  name: string;
  /** As lists, filters and trend lines name it ("Dexterity"). */
  shortName: string;
  /** As the voice assistant says it mid-sentence. */
  spoken: string;
  /** The one number lists, charts and trends plot: 0-100, higher is better; null without one. */
  headline(snapshot: Snapshot): number | null;
  /** The headline's own published scale, when it differs (pain, QuickDASH). */
  ownScale?: OwnScale;
  /** The labelled numbers, in the order every surface shows them. */
  metrics: readonly MetricSpec[];
  /** The key of the metric a person reads as this kind's result, on its own scale (QuickDASH disability, worst pain out of 10). */
  measure: string;
  /** Labelled words beside the numbers (pattern, mode, lighting), absent ones left out; each names its snapshot member. */
  facts(snapshot: Snapshot): Fact[];
  /** One line for histories in the language of `w`: "ROM 72/100 · wrist 80 · fingers 65". */
  summary(snapshot: Snapshot, w: SummaryWords): string;
  /** The score-history column (score_points) the headline fills besides the overall score, for the kinds charted on their own line. */
  scoreColumn?: "romScore" | "dexterityScore" | "painScore";
  /** The kind whose catalogue labels (messages' view.metrics.<type>) its metrics read under; its own by default (THUMB reads ROM's). */
  metricLabelsOf?: string;
  /** The snapshot's lists shown as notes, in order. */
  notes?: readonly SnapshotNote[];
  voice: KindVoice;
  fhir: KindFhir;
}

/** A kind's schemas (./contracts.ts): what the API's contract and the server check, never the browser. */
export interface KindContract {
  /** The typed snapshot: what the lookup, histories and reports return as resultSnapshot. */
  snapshot: z.ZodType<Snapshot>;
  /** The stored detail tree GET /assessments/{id}/results answers with; null for a kind stored as its snapshot only. */
  results: z.ZodType | null;
  /** Whether POST /lookup/anonymous stores a snapshot of this kind as the app sends it; a kind the service scores itself (QuickDASH) never is. */
  storedAsSent: boolean;
  /** A kind submitted to its own route (app/api/assessments/<path>/route.ts): the contract and what a valid body becomes. */
  submission?: KindSubmission;
}

/** A submission: its contract, and what the service stores and answers for a valid body (lib/assessments/submit.ts, `submitKind`). */
export interface KindSubmission {
  endpoint: Endpoint;
  /** Whether `build` reads the caller (their profile and recent records); the others are spared the queries. */
  readsCaller?: boolean;
  build(input: never, caller: SubmissionCaller): SubmittedRecord;
}

/** What a submission may know of a signed-in caller besides the body; all empty for an anonymous one. */
export interface SubmissionCaller {
  /** Whole years, from the profile's date of birth. */
  age: number | null;
  /** The profile's free-text sex, as written. */
  sex: string | null;
  /** The caller's latest snapshot of the same kind on `hand`, from the last 24 hours. */
  recent(hand: Hand): Snapshot | null;
}

/** What a valid body becomes: the record's hand and snapshot, its results tree for a kind with detail tables, and the answer. */
export interface SubmittedRecord {
  hand: Hand | null;
  snapshot: Snapshot;
  /** Stored in the kind's detail tables (lib/assessments/detail.ts); GET /assessments/{id}/results answers it back. */
  results?: Record<string, unknown>;
  /** The answer's members after the record's id and code. */
  reply(created: { dateCreated: Date }): Record<string, unknown>;
}

export const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** At most `digits` decimals, none when whole. */
export function roundTo(value: number, digits = 1): string {
  const factor = 10 ** digits;
  return String(Math.round(value * factor) / factor);
}

/** The kind's own measure: the metric named by `measure`. */
export function primaryMeasure(kind: Pick<KindModule, "metrics" | "measure">): MetricSpec {
  const spec = kind.metrics.find((metric) => metric.key === kind.measure);
  if (!spec) throw new Error(`measure ${kind.measure} is not one of the kind's metrics`);
  return spec;
}

/** Whether `to` is better than `from` on the measure's own scale; null when it declares no direction. */
export function isBetter(spec: Pick<MetricSpec, "direction">, from: number, to: number): boolean | null {
  if (!spec.direction || from === to) return spec.direction ? false : null;
  return spec.direction === "higherIsBetter" ? to > from : to < from;
}

/** Whether a change from `from` to `to` reaches the measure's MCID (inclusive, points or fraction). */
export function reachesMcid(spec: Pick<MetricSpec, "mcid">, from: number, to: number): boolean {
  if (!spec.mcid) return false;
  const change = Math.abs(to - from);
  // A small tolerance so 2.0 reached through binary fractions still counts as 2.
  const atLeast = (threshold: number) => change + 1e-9 >= threshold;
  return atLeast(spec.mcid.points) || (spec.mcid.fraction !== undefined && from !== 0 && atLeast(Math.abs(from) * spec.mcid.fraction));
}

/** The app's composite scores (0-100, higher is better) have no published cut-off. */
export const COMPOSITE_LOW: LowThreshold = {
  at: 40,
  source: "The REST spec's cut-off of 40, applied to each test's own score instead of the mixed overall score: this service's own choice.",
};

/** The metrics a snapshot has values for, with the value. */
export function presentMetrics(kind: Pick<KindModule, "metrics">, snapshot: Snapshot): { spec: MetricSpec; value: number }[] {
  return kind.metrics.flatMap((spec) => {
    const value = num(snapshot[spec.key]);
    return value === null ? [] : [{ spec, value }];
  });
}

/** The language a summary line is written in: the catalogue's "summaryLine" phrases and its numbers. */
export interface SummaryWords {
  say(key: string, values?: Record<string, string | number>): string;
  /** At most `digits` decimals (default 1), written the language's way ("22,7"). */
  number(value: number, digits?: number): string;
}

/** "ROM 72/100": the kind's summary name (`key`) and a rounded 0-100 score, or the name alone. */
export function scoredName(w: SummaryWords, key: string, value: unknown): string {
  const n = num(value);
  return n === null ? w.say(key) : `${w.say(key)} ${w.number(n, 0)}/100`;
}

/** Joins the parts of a summary line that have a value. */
export const line = (...parts: (string | null | false | undefined)[]) => parts.filter((p): p is string => Boolean(p)).join(" · ");

/** "wrist 80" (the phrase `key` with the rounded value) when the value is a number. */
export const part = (w: SummaryWords, key: string, value: unknown, digits = 0) => {
  const n = num(value);
  return n === null ? null : w.say(key, { value: w.number(n, digits) });
};

/** `DULL_ACHING` → `Dull aching`. */
export function words(token: string): string {
  const text = token.toLowerCase().replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A labelled word: its label, the stored token in words, and the snapshot member holding the token. */
export type Fact = [label: string, value: string, key: string];

/** The facts whose value is a non-empty text, the token in words (at most 120 characters). */
export function wordFacts(snapshot: Snapshot, rows: [label: string, key: string, names?: Record<string, string>][]): Fact[] {
  return rows.flatMap(([label, key, names]): Fact[] => {
    const value = snapshot[key];
    if (typeof value !== "string" || value.trim() === "") return [];
    return [[label, (names?.[value] ?? words(value)).slice(0, 120), key]];
  });
}

/** A default for kinds without a published difference, overridable by an environment variable. */
export function configurable(env: string, fallback: number): number {
  const raw = typeof process !== "undefined" ? process.env?.[env] : undefined;
  const value = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(value) && value > 0 && value <= 100 ? value : fallback;
}
