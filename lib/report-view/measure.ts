// A measure as a person reads it, written once for every surface: its value on its own scale
// with its unit, which way is better, and whether a change is better, worse or within its MCID,
// all from the kind's declaration (lib/assessments/kinds/kind.ts). No catalogue here: the words
// come in (`MeasureWords`), from lib/report-view/words.ts on the server and the page's
// messages in the browser, so client components can use it.
import { isBetter, primaryMeasure, reachesMcid, type KindModule, type MetricSpec, type MetricUnit } from "@/lib/assessments/kinds/kind";

/** The catalogue's "measure" words a value is written with, and the language's numbers. */
export interface MeasureWords {
  units: Partial<Record<MetricUnit, string>>;
  direction: Record<"higherIsBetter" | "higherIsWorse", string>;
  /** At most `digits` decimals, in the language's notation. */
  number(value: number, digits?: number): string;
}

const digitsOf = (spec: Pick<MetricSpec, "unit" | "digits">) => spec.digits ?? (spec.unit === "perSecond" ? 2 : 1);

/** "38.6 / 100", "6 / 10", "65°", "12.5 s", "4.25 taps/s", "42". */
export function formatValue(
  spec: Pick<MetricSpec, "unit" | "digits" | "scale">,
  value: number,
  words: Pick<MeasureWords, "units" | "number">,
): string {
  const shown = words.number(value, digitsOf(spec));
  // A score on a published scale other than 0-100 (a PRWE subscale, 0-50) is out of its own maximum.
  if (spec.unit === "score" && spec.scale && spec.scale[1] !== 100) return `${shown} / ${words.number(spec.scale[1])}`;
  const symbol = words.units[spec.unit];
  if (!symbol) return shown;
  return spec.unit === "degree" ? `${shown}${symbol}` : `${shown} ${symbol}`;
}

/** A signed change on the measure's own scale: "+18.2", "−4". */
export function formatDelta(spec: Pick<MetricSpec, "unit" | "digits">, delta: number, words: Pick<MeasureWords, "number">): string {
  const shown = words.number(Math.abs(delta), digitsOf(spec));
  return delta > 0 ? `+${shown}` : delta < 0 ? `−${shown}` : shown;
}

/** "0–10, lower is better": the published scale and its direction, where declared. */
export function scaleWords(
  spec: MetricSpec,
  words: MeasureWords,
  template: (min: string, max: string, direction: string) => string,
): string | null {
  if (!spec.scale || !spec.direction) return spec.direction ? words.direction[spec.direction] : null;
  return template(words.number(spec.scale[0]), words.number(spec.scale[1]), words.direction[spec.direction]);
}

/**
 * The kind's measure on its own scale from the wire's 0-100 headline: the provider list, the
 * profile's trends and the daily points carry only the headline, which for a measure where
 * higher is worse is its mirror (QuickDASH 100 − score, pain 100 × (1 − worst/10)).
 */
export function measureFromHeadline(kind: KindModule, headline: number): number {
  return kind.ownScale ? kind.ownScale.fromHeadline(headline) : headline;
}

/** The kind's measure and its value in a snapshot, or null without one. */
export function measureOf(kind: KindModule, snapshot: Record<string, unknown>): { spec: MetricSpec; value: number } | null {
  const spec = primaryMeasure(kind);
  const value = snapshot[spec.key];
  return typeof value === "number" && Number.isFinite(value) ? { spec, value } : null;
}

export type Verdict = "better" | "worse" | "within";

/** A change from `from` to `to` in words: better or worse once it reaches the MCID, else within it; null without a direction. */
export function verdictOf(spec: MetricSpec, from: number, to: number): Verdict | null {
  const better = isBetter(spec, from, to);
  if (better === null) return null;
  if (spec.mcid && !reachesMcid(spec, from, to)) return "within";
  if (from === to) return "within";
  return better ? "better" : "worse";
}

/**
 * This service's own colour bands, for 0-100 scores where higher is better and no sourced norm
 * exists (the app's composite scores). Not published cut-offs: every surface that shows them
 * says so; a PROM or a rating on another scale gets none.
 */
export const SERVICE_BANDS = [
  { min: 70, key: "good" },
  { min: 40, key: "fair" },
  { min: -Infinity, key: "low" },
] as const;

export type BandKey = (typeof SERVICE_BANDS)[number]["key"];

/** The band of a value, or null for a measure this service does not band. */
export function serviceBand(spec: Pick<MetricSpec, "unit" | "direction" | "normal">, value: number): BandKey | null {
  if (spec.unit !== "score" || spec.direction !== "higherIsBetter" || spec.normal) return null;
  return SERVICE_BANDS.find((band) => value >= band.min)!.key;
}
