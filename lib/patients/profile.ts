// A patient's full profile (providers' view and the patient's own), and the patient's own edits.
import { ownPatientRecord, type PatientHandle } from "@/lib/access";
import { notFound } from "@/lib/api/errors";
import { byKind } from "@/lib/assessments/kinds";
import { readType } from "@/lib/assessments/types";
import type { AuthUser } from "@/lib/auth/guard";
import { formatCode } from "@/lib/codes";
import { db } from "@/lib/db";
import { patientStanding } from "@/lib/patients/list";
import type { PatientProfile, ProfileUpdate } from "@/lib/patients/schemas";

const day = (value: Date | null) => value?.toISOString().slice(0, 10) ?? null;

function ageOn(birth: Date | null, today = new Date()): number | null {
  if (!birth) return null;
  const hadBirthday =
    today.getUTCMonth() > birth.getUTCMonth() || (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() >= birth.getUTCDate());
  return today.getUTCFullYear() - birth.getUTCFullYear() - (hadBirthday ? 0 : 1);
}

interface LatestRow {
  assessment_type: string;
  code: string;
  date_created: Date;
  score: number | null;
}

/** The newest assessment of each type, its score from its score point (else the snapshot). */
async function latestScoresOf(patientId: number): Promise<PatientProfile["latestScores"]> {
  const latest = await db().$queryRaw<LatestRow[]>`
    SELECT DISTINCT ON (a.assessment_type) a.assessment_type::text AS assessment_type, a.code, a.date_created,
           coalesce(sp.overall_score,
                    CASE WHEN jsonb_typeof(a.result_snapshot->'overallScore') = 'number' THEN (a.result_snapshot->>'overallScore')::float8 END,
                    CASE WHEN jsonb_typeof(a.result_snapshot->'compositeScore') = 'number' THEN (a.result_snapshot->>'compositeScore')::float8 END) AS score
    FROM assessments a LEFT JOIN score_points sp ON sp.assessment_id = a.id
    WHERE a.owner_id = ${patientId}
    ORDER BY a.assessment_type, a.date_created DESC, a.id DESC`;
  const latestScores: PatientProfile["latestScores"] = byKind(() => null);
  for (const row of latest) {
    latestScores[readType(row.assessment_type)] = {
      score: row.score === null ? null : Math.round(row.score * 10) / 10,
      dateCreated: row.date_created.toISOString(),
      code: row.code,
      formattedCode: formatCode(row.code),
    };
  }
  return latestScores;
}

export async function patientProfile(patient: PatientHandle): Promise<PatientProfile> {
  const { patientId } = patient;
  const contact = await db().contact.findUnique({
    where: { id: patientId },
    include: {
      profile: true,
      treatments: { where: { endedAt: null }, orderBy: [{ startedAt: "desc" }, { id: "desc" }] },
    },
  });
  if (contact?.kind !== "PATIENT") throw notFound("Patient not found");

  const [standing, latestScores, assessments, journalEntries, scoreDays] = await Promise.all([
    patientStanding(patient),
    latestScoresOf(patientId),
    db().assessment.count({ where: { ownerId: patientId } }),
    db().journalEntry.count({ where: { patientId } }),
    db().$queryRaw<{ n: number }[]>`SELECT count(DISTINCT day)::int AS n FROM score_points WHERE contact_id = ${patientId}`,
  ]);

  const profile = contact.profile;
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    dateOfBirth: day(profile?.dateOfBirth ?? null),
    age: ageOn(profile?.dateOfBirth ?? null),
    sex: profile?.sex ?? null,
    dominantHand: profile?.dominantHand ?? null,
    affectedHand: profile?.affectedHand ?? null,
    injury: profile?.injury ?? null,
    injuryDate: day(profile?.injuryDate ?? null),
    surgeryType: profile?.surgeryType ?? null,
    surgeryDate: day(profile?.surgeryDate ?? null),
    notes: profile?.notes ?? null,
    createdAt: contact.createdAt.toISOString(),
    ...standing,
    latestScores,
    activeTreatments: contact.treatments.map((t) => ({ id: t.id, name: t.name, startedAt: day(t.startedAt), notes: t.notes })),
    counts: {
      assessments,
      scoreDays: scoreDays[0]?.n ?? 0,
      journalEntries,
      activeTreatments: contact.treatments.length,
    },
  };
}

export function myProfile(user: AuthUser): Promise<PatientProfile> {
  return patientProfile(ownPatientRecord(user));
}

const asDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(`${value}T00:00:00Z`);

export async function updateMyProfile(user: AuthUser, update: ProfileUpdate): Promise<PatientProfile> {
  const own = ownPatientRecord(user);
  const { patientId } = own;
  const { name, ...fields } = update;
  const data = {
    ...fields,
    dateOfBirth: asDate(fields.dateOfBirth),
    injuryDate: asDate(fields.injuryDate),
    surgeryDate: asDate(fields.surgeryDate),
  };
  await db().$transaction([
    ...(name !== undefined ? [db().contact.update({ where: { id: patientId }, data: { name } })] : []),
    db().patientProfile.upsert({ where: { contactId: patientId }, create: { contactId: patientId, ...data }, update: data }),
  ]);
  return patientProfile(own);
}
