// Review per clinic (issue 37): "reviewed" is a clinic's act. It lowers that clinic's attention
// flag until a result newer than the mark arrives; no other clinic sees the mark or its reviewer.
// The standing (prisma/functions.sql) keeps the flag as the results raise it; a reader's clinic
// (lib/access actingClinics: the lowest-id clinic of theirs sharing with the patient, or the one
// they chose) picks the mark applied. The service admin and all-staff readers act in the service's
// own context (clinic NULL).
import type { z } from "zod";
import { actingClinics, openPatient, type PatientHandle } from "@/lib/access";
import { ApiError } from "@/lib/api/errors";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { reviewBody } from "@/lib/patients/schemas";

/** The reader's clinic's mark as `rv` (reviewed_at, reviewed_by), for list rows of contacts `c`. */
export function reviewJoin(user: AuthUser | null, clinicId?: number): Prisma.Sql {
  const clinic = user ? Prisma.sql`(${actingClinics(user, Prisma.sql`c.id`, clinicId)})[1]` : Prisma.sql`NULL::int`;
  return Prisma.sql`LEFT JOIN LATERAL (SELECT r.reviewed_at, r.reviewed_by FROM patient_reviews r
                                        WHERE r.patient_id = c.id AND r.clinic_id IS NOT DISTINCT FROM ${clinic}) rv ON TRUE`;
}

/** Whether the mark joined as `rv` covers the latest result of standings `s`. */
const REVIEWED = Prisma.sql`coalesce(rv.reviewed_at >= s.last_assessment, false)`;

/** The standing's flag, rank and urgency once the reader's clinic's mark is applied. */
export const REVIEWED_STANDING = {
  needsAttention: Prisma.sql`(s.needs_attention AND NOT ${REVIEWED})`,
  attentionRank: Prisma.sql`(CASE WHEN ${REVIEWED} THEN 3 ELSE s.attention_rank END)`,
  urgency: Prisma.sql`(CASE WHEN ${REVIEWED} THEN NULL ELSE s.urgency END)`,
};

/** The mark of the clinic whose share let the reader in (the service's own for everyone else). */
export async function clinicReview(patient: PatientHandle) {
  return db().patientReview.findFirst({
    where: { patientId: patient.patientId, clinicId: patient.clinicId },
    select: { reviewedAt: true, reviewedBy: true },
  });
}

/** Applies a mark to the standing's figures: reviewed since the latest result, the flag is down. */
export function withReview<T extends { needsAttention: boolean; attentionRank: number }>(
  standing: T,
  lastAssessment: Date | null,
  review: { reviewedAt: Date } | null,
): T {
  const reviewed = review !== null && lastAssessment !== null && review.reviewedAt >= lastAssessment;
  return reviewed ? { ...standing, needsAttention: false, attentionRank: 3 } : standing;
}

/**
 * The clinic a review is made in: the one named (it must be one of the caller's clinics sharing
 * with the patient), else the caller's only such clinic; 400 naming `clinicId` when the caller is
 * in several and named none, or named one that is not theirs. Null: the service's own context.
 */
async function reviewingClinic(user: AuthUser, patientId: number, clinicId: number | undefined): Promise<number | null> {
  const [row] = await db().$queryRaw<{ clinics: number[] | null }[]>`
    SELECT ${actingClinics(user, Prisma.sql`${patientId}::int`)} AS clinics`;
  const clinics = row?.clinics ?? null;
  const notYours = () =>
    new ApiError(400, "Only a member of a clinic that this patient shares with reviews in its name", { field: "clinicId" });
  if (clinics === null) {
    if (clinicId !== undefined) throw notYours();
    return null;
  }
  // No clinic of the caller's shares with the patient: the access rule answers (404).
  if (clinics.length === 0) return null;
  if (clinicId !== undefined) {
    if (!clinics.includes(clinicId)) throw notYours();
    return clinicId;
  }
  if (clinics.length > 1) {
    throw new ApiError(400, "You are a member of several clinics this patient shares with: name the one reviewing", {
      field: "clinicId",
    });
  }
  return clinics[0]!;
}

/** Marks a patient reviewed in one clinic (audited, who and when): that clinic's flag is down until a result newer than now arrives. */
export async function markReviewed(caller: AccessContext, patientId: number, input: z.output<typeof reviewBody>) {
  const user = caller.user!;
  const clinicId = await reviewingClinic(user, patientId, input.clinicId);
  const { patientId: id } = await openPatient(caller, patientId, "mark_reviewed");
  const reviewedAt = new Date();
  await db().$executeRaw`
    INSERT INTO patient_reviews (patient_id, clinic_id, reviewed_at, reviewed_by) VALUES (${id}, ${clinicId}, ${reviewedAt}, ${user.sub})
    ON CONFLICT (patient_id, clinic_id) DO UPDATE SET reviewed_at = EXCLUDED.reviewed_at, reviewed_by = EXCLUDED.reviewed_by`;
  return { id, clinicId, needsAttention: false, reviewedAt: reviewedAt.toISOString(), reviewedBy: user.sub };
}
