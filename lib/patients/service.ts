// The /patients surface as the routes call it: the caller's own records, and another patient's
// behind the who-may-read-whom rule (lib/patients/access.ts).
import type { z } from "zod";
import type { AuthUser } from "@/lib/auth/guard";
import { assertMayReadPatient } from "@/lib/patients/access";
import { assessmentHistory } from "@/lib/patients/assessments";
import type { assessmentsQuery, scoresQuery } from "@/lib/patients/schemas";
import { dailyScores } from "@/lib/patients/scores";

type ScoresQuery = z.output<typeof scoresQuery>;
type AssessmentsQuery = z.output<typeof assessmentsQuery>;

// A staff-only caller has no records of their own: their history is simply empty.
export const myScores = (user: AuthUser, query: ScoresQuery) => dailyScores(user.contactId, query);
export const myAssessments = (user: AuthUser, query: AssessmentsQuery) => assessmentHistory(user.contactId, query);

export async function patientScores(user: AuthUser, patientId: number, query: ScoresQuery) {
  await assertMayReadPatient(user, patientId);
  return dailyScores(patientId, query);
}

export async function patientAssessments(user: AuthUser, patientId: number, query: AssessmentsQuery) {
  await assertMayReadPatient(user, patientId);
  return assessmentHistory(patientId, query);
}
