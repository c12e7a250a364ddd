import assert from "node:assert/strict";
import { test } from "node:test";
import { KIND_LIST } from "@/lib/assessments/kinds";
import { GOAL_TESTS, goalDirection, goalSpec, goalText, reached, targetProblem } from "@/lib/goals/rules";
import { formatMetric } from "@/lib/report-view/present";

test("a goal's direction is its metric's: at most where lower is better, at least otherwise", () => {
  const direction = (testName: string, metric: string) => goalDirection(goalSpec(testName, metric)!.spec);
  assert.equal(direction("ROM", "extensionDeg"), "atLeast");
  assert.equal(direction("QUICKDASH", "quickDashScore"), "atMost");
  assert.equal(direction("PAIN", "maxSeverity"), "atMost");
  assert.equal(direction("DEXTERITY", "timeTo10Sequences"), "atMost");
  assert.equal(direction("DEXTERITY", "averageFrequency"), "atLeast");
  // Issue 34: a higher progression level or more affected joints is worse.
  assert.equal(direction("ARTHRITIS", "progressionLevel"), "atMost");
  assert.equal(direction("ARTHRITIS", "affectedJointCount"), "atMost");
  assert.equal(direction("ARTHRITIS", "romDeficitScore"), "atLeast");
  assert.equal(reached("atLeast", 60, 60), true);
  assert.equal(reached("atMost", 20, 21), false);
});

test("a goal names a metric of its test, with a target in the unit's range, and reads as words", () => {
  assert.equal(goalSpec("ROM", "quickDashScore"), null);
  assert.equal(goalSpec("ELBOW", "overallScore"), null);
  const wrist = goalSpec("ROM", "extensionDeg")!.spec;
  assert.equal(targetProblem(wrist, 180), null);
  assert.equal(targetProblem(wrist, 181), "must be between 0 and 180");
  assert.equal(targetProblem(goalSpec("PAIN", "maxSeverity")!.spec, 11), "must be between 0 and 10");
  assert.equal(targetProblem(wrist, Number.NaN), "must be between 0 and 180");
  assert.equal(
    goalText(wrist, 60, (spec, value) => formatMetric(spec, value)),
    "Wrist extension ≥ 60°",
  );
  assert.equal(
    goalText(goalSpec("QUICKDASH", "quickDashScore")!.spec, 20, (spec, value) => formatMetric(spec, value)),
    "QuickDASH disability ≤ 20 / 100",
  );
});

test("every unit's target range as documented: each bound is a target, one step past it is refused", () => {
  const cases = [
    ["QUICKDASH", "quickDashScore", 0, 100],
    ["ROM", "extensionDeg", 0, 180],
    ["DEXTERITY", "timeTo10Sequences", 0, 600],
    ["DEXTERITY", "averageFrequency", 0, 20],
    ["DEXTERITY", "cycleCount", 0, 1000],
    ["PAIN", "maxSeverity", 0, 10],
    ["ARTHRITIS", "progressionLevel", 0, 10],
    ["GRIP", "meanKg", 0, 100],
    ["GRIP", "percentOfNorm", 0, 200],
  ] as const;
  for (const [testName, metric, low, high] of cases) {
    const spec = goalSpec(testName, metric)!.spec;
    const refused = `must be between ${low} and ${high}`;
    assert.deepEqual(
      [low, high, low - 0.5, high + 0.5].map((target) => targetProblem(spec, target)),
      [null, null, refused, refused],
      `${testName} ${metric}`,
    );
  }
});

test("a goal is reached at its target, and past it only the way its direction points", () => {
  // [direction, target, latest value, reached]
  const cases: [Parameters<typeof reached>[0], number, number, boolean][] = [
    ["atLeast", 60, 60, true],
    ["atLeast", 60, 61, true],
    ["atLeast", 60, 59, false],
    ["atMost", 20, 20, true],
    ["atMost", 20, 19, true],
    ["atMost", 20, 21, false],
  ];
  for (const [direction, target, value, expected] of cases) {
    assert.equal(reached(direction, target, value), expected, `${direction} ${target} with ${value}`);
  }
});

test("a goal may be set for every test, in the kinds' display order, each with a metric to aim at", () => {
  assert.deepEqual(
    GOAL_TESTS,
    KIND_LIST.map((kind) => kind.type),
  );
  for (const testName of GOAL_TESTS) {
    const kind = KIND_LIST.find((candidate) => candidate.type === testName)!;
    assert.ok(goalSpec(testName, kind.metrics[0]!.key), `${testName} names its first metric`);
  }
  assert.ok(GOAL_TESTS.includes("QUICKDASH") && GOAL_TESTS.includes("ROM"));
});
