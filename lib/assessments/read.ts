// Reading assessments back: the full results tree of each type
// (the input as submitted, from the detail tables detail.ts describes), the one-line summary
// shown in histories, and the score point a record contributes to score history.
import type { AssessmentType } from "@/lib/generated/prisma/client.ts";
import { DETAILS, readDetails, type DetailType } from "@/lib/assessments/detail";
import { readType, type ReadAssessmentType } from "@/lib/assessments/types";
import { ARTHRITIS_PATTERN_SUMMARY, PROGRESSION_LEVELS } from "@/lib/assessments/vocabulary";

export type Snapshot = Record<string, unknown>;
export type ResultsTree = Record<string, unknown>;

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

// ---------- results trees ----------

/**
 * The full results tree of each assessment id: the submitted detail as stored, keyed like the
 * input (ROM adds `handResults[].jointResults[]`; dexterity keeps `fingerScores` keyed by finger
 * key; pain has entries, medications, strategies; arthritis the questionnaire, functional
 * limitations, joint symptoms and joint-health map). Null when no detail row is linked.
 * Four queries (one per detail type) whatever the number of ids.
 */
export async function loadResults(ids: readonly number[]): Promise<Map<number, ResultsTree | null>> {
  const unique = [...new Set(ids)];
  const result = new Map<number, ResultsTree | null>(unique.map((id) => [id, null]));
  if (unique.length === 0) return result;
  const trees = await Promise.all((Object.keys(DETAILS) as DetailType[]).map((type) => readDetails(type, unique)));
  for (const byId of trees) for (const [id, tree] of byId) result.set(id, tree);
  return result;
}

/** The results tree of one assessment, or null. */
export async function loadResult(id: number): Promise<ResultsTree | null> {
  return (await loadResults([id])).get(id) ?? null;
}

// ---------- one-line summaries ----------

const rounded = (value: unknown): string | null => {
  const n = num(value);
  return n === null ? null : String(Math.round(n));
};

/**
 * The one-line detail summary of an assessment from its snapshot, e.g.
 * "ROM 72/100 · wrist 80 · fingers 65", "Dexterity 81/100 · speed 75 · 42 touches",
 * "Pain 6/10 max · 3 areas", "Arthritis 64/100 · Moderate · OA pattern". Missing numbers are left out.
 */
export function assessmentSummaryLine(type: AssessmentType | ReadAssessmentType | string, snapshot: Snapshot | null | undefined): string {
  const s = snapshot ?? {};
  const parts: (string | null)[] = [];
  const scoreOf = (value: unknown) => (rounded(value) === null ? null : `${rounded(value)}/100`);
  switch (readType(type)) {
    case "ROM":
      parts.push(["ROM", scoreOf(s.overallScore)].filter(Boolean).join(" "));
      parts.push(rounded(s.wristScore) && `wrist ${rounded(s.wristScore)}`, rounded(s.fingerScore) && `fingers ${rounded(s.fingerScore)}`);
      break;
    case "DEXTERITY":
      parts.push(["Dexterity", scoreOf(s.overallScore)].filter(Boolean).join(" "));
      parts.push(
        rounded(s.speedScore) && `speed ${rounded(s.speedScore)}`,
        rounded(s.totalTouches) && `${rounded(s.totalTouches)} touches`,
      );
      break;
    case "PAIN": {
      const max = rounded(s.maxSeverity);
      parts.push(max === null ? "Pain" : `Pain ${max}/10 max`);
      if (Array.isArray(s.entries)) parts.push(`${s.entries.length} ${s.entries.length === 1 ? "area" : "areas"}`);
      break;
    }
    case "ARTHRITIS": {
      parts.push(["Arthritis", scoreOf(s.compositeScore)].filter(Boolean).join(" "));
      const level = num(s.progressionLevel);
      parts.push(level !== null ? (PROGRESSION_LEVELS[level] ?? null) : null);
      parts.push(typeof s.patternType === "string" ? (ARTHRITIS_PATTERN_SUMMARY[s.patternType] ?? null) : null);
      break;
    }
    case "THUMB":
      parts.push(["Thumb", scoreOf(s.overallScore)].filter(Boolean).join(" "));
      break;
    default:
      parts.push(String(type));
  }
  return parts.filter((p): p is string => Boolean(p)).join(" · ");
}

// ---------- score points ----------

export interface ScoreValues {
  overallScore: number;
  romScore: number | null;
  dexterityScore: number | null;
  painScore: number | null;
}

/**
 * What an owned record adds to score history: the overall score plus the sub-score of its
 * type (ROM → romScore, dexterity → dexterityScore, pain → painScore). Arthritis contributes
 * its compositeScore as the overall score. Null when the snapshot has no usable score.
 */
export function scoreValuesFor(type: AssessmentType | string, snapshot: Snapshot | null | undefined): ScoreValues | null {
  const s = snapshot ?? {};
  const read = readType(type);
  const overall = num(read === "ARTHRITIS" ? s.compositeScore : s.overallScore);
  if (overall === null) return null;
  return {
    overallScore: overall,
    romScore: read === "ROM" ? overall : null,
    dexterityScore: read === "DEXTERITY" ? overall : null,
    painScore: read === "PAIN" ? overall : null,
  };
}

/** The calendar day (UTC) a score point belongs to. */
export function scoreDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
