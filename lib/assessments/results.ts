// GET /assessments/:id/results: one record with its full results tree.
import { auditShown, openPatient } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import { formatCode, NOT_FOUND_MESSAGE, normalizeCode, notFoundCode } from "@/lib/codes";
import { db } from "@/lib/db";
import { isLive, SHOWN_RECORD } from "@/lib/assessments/live";
import { loadResult, type Snapshot } from "@/lib/assessments/read";
import { readType } from "@/lib/assessments/types";

/**
 * By sharing code anyone may read a live record. Numeric ids are sequential, so they would let
 * anyone enumerate patients' records: by id, only the owner or whoever the access rule lets at
 * the owner (lib/access) can read, and an anonymous record is reachable only by its code (spec:
 * "Anonymous use").
 */
export async function assessmentResults(ref: string, caller: AccessContext) {
  const { user } = caller;
  // The contract has checked the form: 1-9 digits or a sharing code.
  const numeric = /^\d{1,9}$/.test(ref);
  const code = numeric ? null : normalizeCode(ref);
  const row = await db().assessment.findFirst({
    where: code ? { code } : { id: Number(ref), isAnonymous: false },
    select: { id: true, isAnonymous: true, ...SHOWN_RECORD },
  });
  if (!row || !isLive(row)) throw notFoundCode();
  if (code) {
    if (!row.isAnonymous && row.owner.kind === "PATIENT") await auditShown(caller, [row.ownerId], "assessment_results");
  } else if (user?.contactId !== row.ownerId) {
    await openPatient(caller, row.ownerId, "assessment_results", { notFoundMessage: NOT_FOUND_MESSAGE });
  }
  return {
    id: row.id,
    code: row.code,
    formattedCode: formatCode(row.code),
    assessmentType: readType(row.assessmentType),
    hand: row.hand,
    dateCreated: row.dateCreated.toISOString(),
    resultSnapshot: (row.resultSnapshot ?? {}) as Snapshot,
    results: await loadResult(row.id),
  };
}
