// The clinics migration's notice: an upgraded database keeps working as one practice, and the
// operator is told so at start (docs/operations.md). Plain SQL: the start runs no Prisma query,
// so Prisma's query compiler (a WASM module) loads with the first request that needs it.
import { query } from "@/lib/db";

export const CLINICS_MIGRATION = "20261125120000_clinics";

/** The line to log after the clinics migration ran, or null when it found nobody to carry over. */
export async function clinicUpgradeNotice(): Promise<{ message: string; fields: Record<string, unknown> } | null> {
  const [clinic] = await query<{ id: number; name: string; members: number; patients: number }>(
    `SELECT c.id, c.name,
              (SELECT count(*)::int FROM clinic_members m WHERE m.clinic_id = c.id) AS members,
              (SELECT count(*)::int FROM patient_shares s WHERE s.clinic_id = c.id) AS patients
         FROM clinics c WHERE c.created_by = $1 ORDER BY c.id LIMIT 1`,
    [`migration:${CLINICS_MIGRATION}`],
  );
  if (!clinic) return null;
  return {
    message: `migration notice: created clinic "${clinic.name}" for the existing data; its care providers are members and every patient shares with it, so nothing changes for a single practice (docs/operations.md)`,
    fields: { clinicId: clinic.id, members: clinic.members, patients: clinic.patients },
  };
}
