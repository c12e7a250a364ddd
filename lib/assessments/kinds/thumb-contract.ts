// Thumb movements' contract: the app sends a thumb result through the anonymous lookup with the
// same snapshot as range of motion, so THUMB reads ROM's snapshot schema (and its OpenAPI
// component, RomSnapshot). No detail tables and no submission route of its own.
import type { KindContract } from "@/lib/assessments/kinds/kind";
import { romSnapshot } from "@/lib/assessments/kinds/rom-contract";

export const thumbContract = { snapshot: romSnapshot, results: null, storedAsSent: true } as const satisfies KindContract;
