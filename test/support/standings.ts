// A test's standing measure for the attention-wording unit tests: a plain latest value, no history,
// nothing flagged; each test overrides what it is about.
import type { TestStanding } from "@/lib/patients/schemas";

export const measureOf = (over: Partial<NonNullable<TestStanding["measure"]>>): NonNullable<TestStanding["measure"]> => ({
  value: 50,
  date: "2026-11-20",
  poor: false,
  previousValue: null,
  previousDate: null,
  firstValue: null,
  bestValue: null,
  bestDate: null,
  against: null,
  fromValue: null,
  fromDate: null,
  urgency: null,
  remeasure: null,
  low: false,
  ...over,
});
