// The goals' contracts: GET/PUT /patients/me/goals and /patients/{id}/goals, DELETE of one goal.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { idParam } from "@/lib/api/pagination";
import { KIND_LIST, KINDS } from "@/lib/assessments/kinds";
import type { MetricSpec, MetricUnit } from "@/lib/assessments/kinds/kind";
import { READ_NAMES, type ReadAssessmentType } from "@/lib/assessments/types";
import { GOAL_RANGES } from "@/lib/goals/rules";

const unauthorized = { status: 401, description: "Token missing, invalid or expired" };
const notAPatient = { status: 404, description: "No such patient, or the caller may not read them (care-team rule)" };
const staffOnly = { status: 403, description: "A staff-only token on the caller's own goals (staff have no record)" };
const patientIdParams = z.object({ id: idParam.describe("Patient contact id") });
const tooMany = { status: 429, description: "Too many writes from this address" };

const test = z.enum(READ_NAMES).describe("The assessment kind, e.g. ROM, QUICKDASH");
const metric = z
  .string()
  .regex(/^[A-Za-z0-9]{1,40}$/, "must be a metric key of the test, e.g. extensionDeg")
  .describe("One of the test's metrics (its key), e.g. extensionDeg, quickDashScore, overallScore");

/** One metric of one test, its target within the metric unit's range. */
const metricGoal = (type: string, spec: MetricSpec) => {
  const [low, high] = GOAL_RANGES[spec.unit];
  return z.object({
    test: z.literal(type),
    metric: z.literal(spec.key).describe(spec.label),
    target: z
      .number()
      .min(low, `must be between ${low} and ${high}`)
      .max(high, `must be between ${low} and ${high}`)
      .describe(`The value to reach (${spec.unit}, ${low}-${high})`),
  });
};

/** Which metric each test has and the range of its target, told apart by test, then by metric. */
export const goalInput = z
  .discriminatedUnion(
    "test",
    // A test with one metric (pain) is that metric's object: a union of one is not a union.
    KIND_LIST.map((kind) => {
      const goals = kind.metrics.map((spec) => metricGoal(kind.type, spec));
      return goals.length === 1 ? goals[0]! : z.discriminatedUnion("metric", goals as never);
    }) as never,
  )
  .describe("A goal: one of the test's metrics and the value to reach")
  .meta({ id: "GoalInput" }) as unknown as z.ZodType<{ test: ReadAssessmentType; metric: string; target: number }>;

export const goalPoint = z.object({ date: z.iso.datetime(), value: z.number() });

export const goal = z
  .object({
    test,
    metric: z.string(),
    label: z.string().describe("The metric as people read it, e.g. Wrist extension"),
    unit: z.enum(Object.keys(GOAL_RANGES) as [MetricUnit, ...MetricUnit[]]),
    direction: z.enum(["atLeast", "atMost"]).describe("atMost when lower is better (QuickDASH disability, worst pain, times)"),
    target: z.number(),
    text: z.string().describe('The goal in words, e.g. "Wrist extension ≥ 60°"'),
    setBy: z.enum(["patient", "clinician"]),
    updatedAt: z.iso.datetime(),
    latest: goalPoint.extend({ reached: z.boolean() }).nullable().describe("The latest measurement of the metric; null when none"),
    points: z.array(goalPoint).describe("The metric's measurements, oldest first (at most 365)"),
  })
  .meta({ id: "Goal" });

export const goalsResponse = z.object({ goals: z.array(goal).describe("In the kinds' order, then the metrics'") });

const goalKey = z.object({ test, metric });
const goalParams = patientIdParams.extend(goalKey.shape);

const badGoal = {
  status: 400,
  description: "Unknown test or metric, or a target outside the metric's range (score 0-100, degrees 0-180, ...)",
};

export const myGoalsEndpoint = endpoint({
  method: "GET",
  path: "/patients/me/goals",
  operationId: "listMyGoals",
  summary: "My goals, each with the metric's measurements and whether the latest reaches it",
  tag: "Goals",
  auth: "required",
  responses: [{ status: 200, description: "Goals", schema: goalsResponse }, unauthorized, staffOnly],
});

export const setMyGoalEndpoint = endpoint({
  method: "PUT",
  path: "/patients/me/goals",
  operationId: "setMyGoal",
  requestExample: { test: KINDS.ROM.type, metric: "extensionDeg", target: 60 },
  summary: "Set (or change) my goal for one metric of one test",
  tag: "Goals",
  auth: "required",
  body: goalInput,
  limits: ["write"],
  responses: [{ status: 200, description: "The goal as stored", schema: goal }, badGoal, unauthorized, staffOnly, tooMany],
});

export const removeMyGoalEndpoint = endpoint({
  method: "DELETE",
  path: "/patients/me/goals/{test}/{metric}",
  operationId: "removeMyGoal",
  summary: "Remove my goal for one metric of one test (no goal there is no error)",
  tag: "Goals",
  auth: "required",
  params: goalKey,
  limits: ["write"],
  responses: [{ status: 204, description: "No such goal any more" }, badGoal, unauthorized, staffOnly, tooMany],
});

export const patientGoalsEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/goals",
  operationId: "listPatientGoals",
  summary: "A patient's goals (the patient, or a clinician of a clinic they share with; audited)",
  tag: "Goals",
  auth: "required",
  params: patientIdParams,
  responses: [{ status: 200, description: "Goals", schema: goalsResponse }, badGoal, unauthorized, notAPatient],
});

export const setPatientGoalEndpoint = endpoint({
  method: "PUT",
  path: "/patients/{id}/goals",
  operationId: "setPatientGoal",
  requestExample: { test: KINDS.QUICKDASH.type, metric: "quickDashScore", target: 20 },
  summary: "Set (or change) a patient's goal for one metric of one test (audited)",
  tag: "Goals",
  auth: "required",
  params: patientIdParams,
  body: goalInput,
  limits: ["write"],
  responses: [{ status: 200, description: "The goal as stored", schema: goal }, badGoal, unauthorized, notAPatient, tooMany],
});

export const removePatientGoalEndpoint = endpoint({
  method: "DELETE",
  path: "/patients/{id}/goals/{test}/{metric}",
  operationId: "removePatientGoal",
  summary: "Remove a patient's goal for one metric of one test (audited; no goal there is no error)",
  tag: "Goals",
  auth: "required",
  params: goalParams,
  limits: ["write"],
  responses: [{ status: 204, description: "No such goal any more" }, badGoal, unauthorized, notAPatient, tooMany],
});
