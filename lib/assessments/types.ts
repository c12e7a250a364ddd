// The assessment types: stored under Prisma's AssessmentType, answered under the names the API
// has always used for two of them (FINGER_TAPPING reads as DEXTERITY, THUMB_MOVEMENTS as THUMB);
// every other type reads as it is stored. The one mapping between the two. No server imports:
// pages use it in the browser too.
import { RENAMED } from "@/lib/assessments/kinds/renamed";
import { AssessmentType } from "@/lib/generated/prisma/enums.ts";

type ReadNameOf<T extends AssessmentType> = T extends keyof typeof RENAMED ? (typeof RENAMED)[T] : T;

/** Stored name → the name responses carry. */
export const READ_NAME = Object.fromEntries(
  Object.values(AssessmentType).map((stored) => [
    stored,
    Object.hasOwn(RENAMED, stored) ? RENAMED[stored as keyof typeof RENAMED] : stored,
  ]),
) as { [T in AssessmentType]: ReadNameOf<T> };

export type ReadAssessmentType = (typeof READ_NAME)[AssessmentType];

/** The read names, in the stored type's order. */
export const READ_NAMES = Object.values(READ_NAME) as [ReadAssessmentType, ...ReadAssessmentType[]];

const STORED_NAME = Object.fromEntries(Object.entries(READ_NAME).map(([stored, read]) => [read, stored])) as Record<
  ReadAssessmentType,
  AssessmentType
>;

/** Read normalization: FINGER_TAPPING → DEXTERITY, THUMB_MOVEMENTS → THUMB; other values are returned as they are. */
export function readType(stored: AssessmentType | string): ReadAssessmentType {
  return Object.hasOwn(READ_NAME, stored) ? READ_NAME[stored as AssessmentType] : (stored as ReadAssessmentType);
}

/** Read name or stored name → stored name (DEXTERITY → FINGER_TAPPING, THUMB → THUMB_MOVEMENTS). */
export function storedType(name: string): AssessmentType {
  return Object.hasOwn(STORED_NAME, name) ? STORED_NAME[name as ReadAssessmentType] : (name as AssessmentType);
}
