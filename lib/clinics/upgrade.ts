// The clinics migration's notice: an upgraded database keeps working as one practice, and the
// operator is told so at start (docs/operations.md).
import { db } from "@/lib/db";

export const CLINICS_MIGRATION = "20261125120000_clinics";

/** The line to log after the clinics migration ran, or null when it found nobody to carry over. */
export async function clinicUpgradeNotice(): Promise<{ message: string; fields: Record<string, unknown> } | null> {
  const clinic = await db().clinic.findFirst({
    where: { createdBy: `migration:${CLINICS_MIGRATION}` },
    include: { _count: { select: { members: true, shares: true } } },
  });
  if (!clinic) return null;
  return {
    message: `migration notice: created clinic "${clinic.name}" for the existing data; its care providers are members and every patient shares with it, so nothing changes for a single practice (docs/operations.md)`,
    fields: { clinicId: clinic.id, members: clinic._count.members, patients: clinic._count.shares },
  };
}
