// Goals: read and written through lib/access like every other patient datum. The patient sets
// their own (not audited: it is theirs); anyone else the rule lets at the patient (a clinician
// of a clinic they share with, an admin) sets and removes them, audited.
import { openPatient, ownPatientRecord, type PatientHandle } from "@/lib/access";
import { badRequest } from "@/lib/api/errors";
import { kindOf, KIND_LIST } from "@/lib/assessments/kinds";
import { num } from "@/lib/assessments/kinds/kind";
import { readType, storedType } from "@/lib/assessments/types";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { db } from "@/lib/db";
import { goalDirection, goalSpec, goalText, reached, targetProblem } from "@/lib/goals/rules";
import type { Locale } from "@/lib/i18n/locales";
import { formatMetric, metricLabel } from "@/lib/report-view/present";
import { ENGLISH, wordsFor, type Words } from "@/lib/report-view/words";
import type { goal, goalInput } from "@/lib/goals/schemas";
import type { z } from "zod";

type Goal = z.output<typeof goal>;
type GoalInput = z.output<typeof goalInput>;

/** Measurements a goal's chart shows: a year of weekly measurement. */
const POINTS = 365;

/** The goals with their measurements, in the kinds' order, then the metrics'; `label` and `text` in the language of `w`. */
export async function goalsOf(patient: PatientHandle, w: Words = ENGLISH): Promise<Goal[]> {
  const rows = await db().patientGoal.findMany({ where: { patientId: patient.patientId } });
  if (rows.length === 0) return [];
  const tests = [...new Set(rows.map((row) => row.test))];
  const records = await db().assessment.findMany({
    where: { ownerId: patient.patientId, assessmentType: { in: tests } },
    orderBy: [{ dateCreated: "desc" }, { id: "desc" }],
    take: POINTS * tests.length,
    select: { assessmentType: true, dateCreated: true, resultSnapshot: true },
  });
  const order = (test: string, metric: string) => {
    const kind = kindOf(test)!;
    return KIND_LIST.indexOf(kind) * 100 + kind.metrics.findIndex((m) => m.key === metric);
  };
  return rows
    .flatMap((row) => {
      const found = goalSpec(readType(row.test), row.metric);
      if (!found) return [];
      const { kind, spec } = found;
      const points = records
        .filter((r) => r.assessmentType === row.test)
        .flatMap((r) => {
          const value = num((r.resultSnapshot as Record<string, unknown> | null)?.[spec.key]);
          return value === null ? [] : [{ date: r.dateCreated.toISOString(), value }];
        })
        .slice(0, POINTS)
        .reverse();
      const direction = goalDirection(spec);
      const last = points.at(-1);
      return [
        {
          test: kind.type as Goal["test"],
          metric: spec.key,
          label: metricLabel(kind, spec, w),
          unit: spec.unit,
          direction,
          target: row.target,
          text: goalText({ ...spec, label: metricLabel(kind, spec, w) }, row.target, (metric, value) => formatMetric(metric, value, w)),
          setBy: row.setByRole === "patient" ? ("patient" as const) : ("clinician" as const),
          updatedAt: row.updatedAt.toISOString(),
          latest: last ? { ...last, reached: reached(direction, row.target, last.value) } : null,
          points,
        },
      ];
    })
    .sort((a, b) => order(a.test, a.metric) - order(b.test, b.metric));
}

function checked(input: { test: string; metric: string; target?: number }) {
  const found = goalSpec(input.test, input.metric);
  if (!found) throw badRequest(`${input.test} has no metric "${input.metric}"`, "metric");
  if (input.target !== undefined) {
    const problem = targetProblem(found.spec, input.target);
    if (problem) throw badRequest(`target ${problem} for ${found.spec.label}`, "target");
  }
  return found;
}

async function setGoal(patient: PatientHandle, input: GoalInput, role: "patient" | "clinician", language?: Locale): Promise<Goal> {
  checked(input);
  const key = { patientId: patient.patientId, test: storedType(input.test), metric: input.metric };
  await db().patientGoal.upsert({
    where: { patientId_test_metric: key },
    create: { ...key, target: input.target, setByRole: role },
    update: { target: input.target, setByRole: role },
  });
  const goals = await goalsOf(patient, language && wordsFor(language));
  return goals.find((g) => g.test === input.test && g.metric === input.metric)!;
}

async function removeGoal(patient: PatientHandle, test: string, metric: string): Promise<void> {
  checked({ test, metric });
  await db().patientGoal.deleteMany({ where: { patientId: patient.patientId, test: storedType(test), metric } });
}

export const myGoals = async (user: AuthUser, language?: Locale) => ({
  goals: await goalsOf(ownPatientRecord(user), language && wordsFor(language)),
});
export const setMyGoal = (user: AuthUser, input: GoalInput, language?: Locale) =>
  setGoal(ownPatientRecord(user), input, "patient", language);
export const removeMyGoal = (user: AuthUser, test: string, metric: string) => removeGoal(ownPatientRecord(user), test, metric);

/** A patient opening their own record by id counts as the patient; anyone else the rule lets in as a clinician. */
const roleOf = (caller: AccessContext, patientId: number) =>
  caller.user?.kind === "PATIENT" && caller.user.contactId === patientId ? "patient" : "clinician";

export async function patientGoals(caller: AccessContext, patientId: number, language?: Locale) {
  return { goals: await goalsOf(await openPatient(caller, patientId, "read_goals"), language && wordsFor(language)) };
}

export async function setPatientGoal(caller: AccessContext, patientId: number, input: GoalInput, language?: Locale) {
  checked(input);
  return setGoal(await openPatient(caller, patientId, "goal_set"), input, roleOf(caller, patientId), language);
}

export async function removePatientGoal(caller: AccessContext, patientId: number, test: string, metric: string) {
  checked({ test, metric });
  await removeGoal(await openPatient(caller, patientId, "goal_removed"), test, metric);
}
