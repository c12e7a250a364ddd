// The kinds' schemas, joined to the registry (./index.ts) by the same keys: each kind's snapshot,
// its results tree and, for a kind the service scores itself, its submission. Kept apart from the
// kind modules so that the browser, which loads those, never loads zod and the schemas; the
// compiler checks this table covers every kind as it does the registry.
import type { Endpoint } from "@/lib/api/endpoint";
import type { KindContract } from "@/lib/assessments/kinds/kind";
import { quickdashSnapshot, quickdashSubmission } from "@/lib/assessments/kinds/quickdash-contract";
import {
  arthritisResults,
  arthritisSnapshot,
  dexterityResults,
  dexteritySnapshot,
  painResults,
  painSnapshot,
  romResults,
  romSnapshot,
} from "@/lib/assessments/schemas";
import type { ReadAssessmentType } from "@/lib/assessments/types";

export const KIND_CONTRACTS = {
  ROM: { snapshot: romSnapshot, results: romResults },
  DEXTERITY: { snapshot: dexteritySnapshot, results: dexterityResults },
  PAIN: { snapshot: painSnapshot, results: painResults },
  ARTHRITIS: { snapshot: arthritisSnapshot, results: arthritisResults },
  // Read like ROM: the same snapshot, no results tree of its own.
  THUMB: { snapshot: romSnapshot, results: null },
  QUICKDASH: { snapshot: quickdashSnapshot, results: null, submission: quickdashSubmission },
} as const satisfies Record<ReadAssessmentType, KindContract>;

/** The submission contracts of the kinds the service scores itself (collected by lib/openapi/catalog.ts). */
export const kindSubmissionEndpoints: Record<string, Endpoint> = Object.fromEntries(
  Object.entries(KIND_CONTRACTS).flatMap(([type, contract]: [string, KindContract]) =>
    contract.submission ? [[`${type.toLowerCase()}Endpoint`, contract.submission.endpoint]] : [],
  ),
);
