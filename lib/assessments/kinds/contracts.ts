// The kinds' contracts (./<kind>-contract.ts), joined to the registry (./index.ts) by the same
// keys: each kind's snapshot, its results tree and, for a kind submitted to its own route, its
// submission. Kept apart from the kind modules so that the browser, which loads those, never
// loads zod and the schemas; the compiler checks this table covers every kind as it does the
// registry.
import type { Endpoint } from "@/lib/api/endpoint";
import { arthritisContract } from "@/lib/assessments/kinds/arthritis-contract";
import { dexterityContract } from "@/lib/assessments/kinds/dexterity-contract";
import { gripContract } from "@/lib/assessments/kinds/grip-contract";
import type { KindContract } from "@/lib/assessments/kinds/kind";
import { painContract } from "@/lib/assessments/kinds/pain-contract";
import { prweContract } from "@/lib/assessments/kinds/prwe-contract";
import { quickdashContract } from "@/lib/assessments/kinds/quickdash-contract";
import { romContract } from "@/lib/assessments/kinds/rom-contract";
import { thumbContract } from "@/lib/assessments/kinds/thumb-contract";
import type { ReadAssessmentType } from "@/lib/assessments/types";

export const KIND_CONTRACTS = {
  ROM: romContract,
  DEXTERITY: dexterityContract,
  PAIN: painContract,
  ARTHRITIS: arthritisContract,
  THUMB: thumbContract,
  QUICKDASH: quickdashContract,
  GRIP: gripContract,
  PRWE: prweContract,
} as const satisfies Record<ReadAssessmentType, KindContract>;

/** The submission contracts, in the registry's order (collected by lib/openapi/catalog.ts). */
export const kindSubmissionEndpoints: Record<string, Endpoint> = Object.fromEntries(
  Object.entries(KIND_CONTRACTS).flatMap(([type, contract]: [string, KindContract]) =>
    contract.submission ? [[`${type.toLowerCase()}Endpoint`, contract.submission.endpoint]] : [],
  ),
);
