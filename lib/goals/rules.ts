// What a goal may be, from the kinds alone (no server imports: the goal form uses it too): a
// target for one of a kind's metrics, within the metric unit's range, its direction the
// metric's own (lower is better for a disability score, worst pain and times).
import { KIND_LIST, kindOf } from "@/lib/assessments/kinds";
import type { KindModule, MetricSpec, MetricUnit } from "@/lib/assessments/kinds/kind";

/** The values a target may take, per unit. */
export const GOAL_RANGES: Record<MetricUnit, readonly [number, number]> = {
  score: [0, 100],
  degree: [0, 180],
  second: [0, 600],
  perSecond: [0, 20],
  count: [0, 1000],
  severity: [0, 10],
  level: [0, 10],
  kg: [0, 100],
  percent: [0, 200],
};

export type GoalDirection = "atLeast" | "atMost";

/** A goal is reached at or above its target unless lower is better for the metric. */
export function goalDirection(spec: Pick<MetricSpec, "key" | "direction">): GoalDirection {
  return spec.direction === "higherIsWorse" ? "atMost" : "atLeast";
}

/** The kind and metric a goal names; null when either is unknown. */
export function goalSpec(test: string, metric: string): { kind: KindModule; spec: MetricSpec } | null {
  const kind = kindOf(test);
  const spec = kind?.metrics.find((m) => m.key === metric);
  return kind && spec ? { kind, spec } : null;
}

/** Why a target does not fit the metric, or null when it does. */
export function targetProblem(spec: Pick<MetricSpec, "unit">, target: number): string | null {
  const [low, high] = GOAL_RANGES[spec.unit];
  return Number.isFinite(target) && target >= low && target <= high ? null : `must be between ${low} and ${high}`;
}

/** "Wrist extension ≥ 60°", "QuickDASH disability ≤ 20 / 100": `format` writes the value with its unit. */
export function goalText(spec: MetricSpec, target: number, format: (spec: MetricSpec, value: number) => string): string {
  return `${spec.label} ${goalDirection(spec) === "atLeast" ? "≥" : "≤"} ${format(spec, target)}`;
}

export const reached = (direction: GoalDirection, target: number, value: number) =>
  direction === "atLeast" ? value >= target : value <= target;

/** Every test a goal may be set for, in display order. */
export const GOAL_TESTS = KIND_LIST.map((kind) => kind.type);
