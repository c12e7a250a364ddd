// A type test, checked by `npm run typecheck` (never run): a registry or a per-consumer table
// missing a kind does not compile. Each @ts-expect-error fails the type check the day the line
// below it compiles, so the compiler's coverage of every kind is itself tested.
import { KINDS } from "@/lib/assessments/kinds";
import type { KindModule } from "@/lib/assessments/kinds/kind";
import type { ReadAssessmentType } from "@/lib/assessments/types";

const { QUICKDASH: quickdash, ...withoutQuickDash } = KINDS;

// @ts-expect-error QUICKDASH is missing: the registry must cover every stored assessment type.
export const incompleteRegistry = withoutQuickDash satisfies Record<ReadAssessmentType, KindModule>;

export const completeRegistry = { ...withoutQuickDash, QUICKDASH: quickdash } satisfies Record<ReadAssessmentType, KindModule>;

// @ts-expect-error A per-consumer table (here FHIR's standard codings) must name every kind too.
export const incompleteTable: Record<ReadAssessmentType, string[]> = { ROM: [], DEXTERITY: [], PAIN: [], ARTHRITIS: [], THUMB: [] };
