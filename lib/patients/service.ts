// The /patients surface as the routes call it: the caller's own records, and another patient's
// opened through the access rule (lib/access).
import type { z } from "zod";
import { openPatient, ownRecord } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import type { Locale } from "@/lib/i18n/locales";
import { assessmentHistory } from "@/lib/patients/assessments";
import { patientProfile } from "@/lib/patients/profile";
import type { assessmentsQuery, scoresQuery } from "@/lib/patients/schemas";
import { dailyScores } from "@/lib/patients/scores";

type ScoresQuery = z.output<typeof scoresQuery>;
type AssessmentsQuery = z.output<typeof assessmentsQuery>;

// A staff-only caller has no records of their own: their history is simply empty.
export const myScores = (user: AuthUser, query: ScoresQuery) => dailyScores(ownRecord(user), query);
export const myAssessments = (user: AuthUser, query: AssessmentsQuery, language?: Locale) =>
  assessmentHistory(ownRecord(user), query, language);

export async function readPatientProfile(caller: AccessContext, patientId: number) {
  return patientProfile(await openPatient(caller, patientId, "read_profile"));
}

export async function patientScores(caller: AccessContext, patientId: number, query: ScoresQuery) {
  return dailyScores(await openPatient(caller, patientId, "read_scores"), query);
}

export async function patientAssessments(caller: AccessContext, patientId: number, query: AssessmentsQuery, language?: Locale) {
  return assessmentHistory(await openPatient(caller, patientId, "read_assessments"), query, language);
}
