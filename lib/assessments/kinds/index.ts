// The registry of assessment kinds: one line per kind. The compiler checks it covers every
// type the database stores (ReadAssessmentType comes from Prisma's AssessmentType), and every
// per-consumer table is a Record over the same keys, so a kind added here and missing anywhere
// else fails the type check. The browser loads this registry: the kinds' schemas are joined in
// ./contracts.ts, over the same keys.
import { arthritis } from "@/lib/assessments/kinds/arthritis";
import { dexterity } from "@/lib/assessments/kinds/dexterity";
import { grip } from "@/lib/assessments/kinds/grip";
import type { KindModule } from "@/lib/assessments/kinds/kind";
import { pain } from "@/lib/assessments/kinds/pain";
import { prwe } from "@/lib/assessments/kinds/prwe";
import { quickdash } from "@/lib/assessments/kinds/quickdash";
import { rom } from "@/lib/assessments/kinds/rom";
import { thumb } from "@/lib/assessments/kinds/thumb";
import { readType, type ReadAssessmentType } from "@/lib/assessments/types";

export const KINDS = {
  ROM: rom,
  DEXTERITY: dexterity,
  PAIN: pain,
  ARTHRITIS: arthritis,
  THUMB: thumb,
  QUICKDASH: quickdash,
  GRIP: grip,
  PRWE: prwe,
} as const satisfies Record<ReadAssessmentType, KindModule>;

export type Kind = keyof typeof KINDS;

/** The kinds in display order. */
export const KIND_LIST: readonly KindModule[] = Object.values(KINDS);

/** The kind of a stored or read type name; null for a name no kind has. */
export function kindOf(type: string): KindModule | null {
  const read = readType(type);
  return Object.hasOwn(KINDS, read) ? KINDS[read] : null;
}

/** The one headline rule: the kind's 0-100 score, higher is better; null when it has none. */
export function headlineScore(type: string, snapshot: Record<string, unknown> | null | undefined): number | null {
  return kindOf(type)?.headline(snapshot ?? {}) ?? null;
}

/** A table over every kind, built from the kinds: `byKind((kind) => kind.shortName)`. */
export function byKind<T>(pick: (kind: KindModule) => T): Record<Kind, T> {
  return Object.fromEntries(Object.entries(KINDS).map(([type, kind]) => [type, pick(kind)])) as Record<Kind, T>;
}
