// Who may read whom: a patient reads only their own records; care providers and admins read
// any patient's. The spec only asks for a token; patient data is not readable by other patients.
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import { hasRole, type AuthUser } from "@/lib/auth/guard";
import { db } from "@/lib/db";

export function isStaff(user: AuthUser): boolean {
  return hasRole(user, "care_provider", "admin");
}

/** 403 unless the caller is staff or the patient themself. */
export function assertMayRead(user: AuthUser, patientId: number): void {
  if (user.contactId !== patientId && !isStaff(user)) {
    throw forbidden("Patients may read only their own records");
  }
}

/** 404 unless the id is a patient contact. */
export async function assertPatient(patientId: number): Promise<void> {
  const contact = await db().contact.findUnique({ where: { id: patientId }, select: { kind: true } });
  if (contact?.kind !== "PATIENT") throw notFound("Patient not found");
}

/** The access rule, then existence: a patient probing other ids learns nothing (always 403). */
export async function assertMayReadPatient(user: AuthUser, patientId: number): Promise<void> {
  assertMayRead(user, patientId);
  await assertPatient(patientId);
}

/** The caller's own patient id; staff-only callers have no patient records. */
export function ownPatientId(user: AuthUser): number {
  if (user.kind !== "PATIENT") throw new ApiError(403, "Only patients have their own records; this token names staff roles only");
  return user.contactId;
}
