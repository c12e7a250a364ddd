// Reading assessments back: the full results tree of each type
// (the input as submitted, from the detail tables detail.ts describes), the one-line summary
// shown in histories, and the score point a record contributes to score history.
import type { AssessmentType } from "@/lib/generated/prisma/client.ts";
import { DETAILS, readDetails, type DetailType } from "@/lib/assessments/detail";
import { headlineScore, kindOf } from "@/lib/assessments/kinds";

export type Snapshot = Record<string, unknown>;
export type ResultsTree = Record<string, unknown>;

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

// ---------- score points ----------

export interface ScoreValues {
  overallScore: number;
  romScore: number | null;
  dexterityScore: number | null;
  painScore: number | null;
}

/**
 * What an owned record adds to score history: the overall score plus, for a kind with its own
 * line, the column its module names (`scoreColumn`); the overall score is the kind's headline
 * (lib/assessments/kinds). Null when the snapshot has no usable score.
 */
export function scoreValuesFor(type: AssessmentType | string, snapshot: Snapshot | null | undefined): ScoreValues | null {
  const overall = headlineScore(type, snapshot);
  if (overall === null) return null;
  const column = kindOf(type)?.scoreColumn;
  return {
    overallScore: overall,
    romScore: column === "romScore" ? overall : null,
    dexterityScore: column === "dexterityScore" ? overall : null,
    painScore: column === "painScore" ? overall : null,
  };
}

/** The calendar day (UTC) a score point belongs to. */
export function scoreDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
