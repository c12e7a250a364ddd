import assert from "node:assert/strict";
import { test } from "node:test";
import type { TestStanding } from "@/lib/patients/schemas";
import en from "@/messages/en.json";
import { ATTENTION_GROUP_OF_RANK, attentionReasons, oneDecimal, testLabel, testLine, TEST_NAMES } from "@/lib/patients/standing";
import { measureOf } from "@/test/support/standings";

const standing = (over: Partial<TestStanding>): TestStanding => ({
  test: "ROM",
  hand: "LEFT",
  score: 50,
  date: "2026-11-20",
  previousScore: 55,
  previousDate: "2026-11-19",
  firstScore: 60,
  firstDate: "2026-11-01",
  trend: "stable",
  change: -5,
  drop: 10,
  mcid: 10,
  clinicalDecline: false,
  judged: true,
  measure: null,
  otherHandPercent: null,
  ...over,
});

test("tests are named for people, with the hand when the results record one", () => {
  assert.deepEqual(TEST_NAMES, {
    ROM: "Range of motion",
    DEXTERITY: "Dexterity",
    PAIN: "Pain",
    ARTHRITIS: "Arthritis",
    THUMB: "Thumb movements",
    QUICKDASH: "QuickDASH",
    GRIP: "Grip strength",
    PRWE: "PRWE",
  });
  assert.equal(testLabel("ROM", "RIGHT"), "Range of motion (right)");
  assert.equal(testLabel("PAIN", "BOTH"), "Pain (both hands)");
  assert.equal(testLabel("DEXTERITY", "LEFT"), "Dexterity (left)");
  assert.equal(testLabel("THUMB", null), "Thumb movements");
  assert.deepEqual(en.narrative.trend, {
    improving: "improving",
    declining: "declining",
    stable: "stable",
    insufficient: "not enough data",
  });
});

test("scores are shown with one decimal, whole numbers without one", () => {
  assert.equal(oneDecimal(42), "42");
  assert.equal(oneDecimal(42.5), "42.5");
  assert.equal(oneDecimal(42.25), "42.3");
  assert.equal(oneDecimal(0), "0");
});

const measure = measureOf;

test("a decline reads in the measure's own units and direction, largest in MCIDs first", () => {
  const tests = [
    standing({
      test: "PAIN",
      hand: null,
      drop: 2,
      clinicalDecline: true,
      measure: measure({ value: 4, against: "first", fromValue: 2, fromDate: "2026-10-01", urgency: 1 }),
    }),
    standing({
      test: "QUICKDASH",
      hand: null,
      drop: 18.1,
      clinicalDecline: true,
      measure: measure({ value: 38.6, against: "first", fromValue: 20.5, fromDate: "2026-10-01", urgency: 1.138 }),
    }),
    standing({
      test: "PAIN",
      hand: "LEFT",
      drop: 1,
      clinicalDecline: true,
      measure: measure({ value: 4, against: "previous", fromValue: 3, fromDate: "2026-11-01", urgency: 1.111 }),
    }),
  ];
  assert.deepEqual(
    attentionReasons(tests, true).map((r) => [r.reason, r.test, r.drop, r.text]),
    [
      [
        "test_declining",
        "QUICKDASH",
        18.1,
        "QuickDASH 20.5 → 38.6 (+18.1, worse; clinically important ≥ 15.91) since the first result (2026-10-01)",
      ],
      ["test_declining", "PAIN", 1, "Worst pain (left) 3 → 4/10 (worse, ≥ 30 %) since the previous result (2026-11-01)"],
      ["test_declining", "PAIN", 2, "Worst pain 2 → 4/10 (worse, ≥ 2 points) since the first result (2026-10-01)"],
    ],
  );
});

test("low is per test on its own scale; re-measures are listed without the flag; the unaffected hand never reads", () => {
  const tests = [
    standing({ test: "PAIN", hand: null, measure: measure({ value: 8, low: true }) }),
    standing({ test: "ROM", hand: "RIGHT", measure: measure({ value: 32, low: true }) }),
    standing({ test: "ROM", hand: "LEFT", judged: false, measure: measure({ value: 30, low: true }) }),
    standing({
      test: "DEXTERITY",
      hand: "RIGHT",
      drop: 12,
      measure: measure({ value: 69, against: "previous", fromValue: 81, fromDate: "2026-11-10", remeasure: "outlier" }),
    }),
    standing({ test: "THUMB", hand: null, measure: measure({ value: 30, poor: true, remeasure: "poorLight" }) }),
  ];
  assert.deepEqual(
    attentionReasons(tests, true).map((r) => r.text),
    [
      "Worst pain 8/10 (low: 7/10 or higher)",
      "Range of motion (right) 32 (low: 40 or lower)",
      "Dexterity (right) 81 → 69: re-measure to confirm (it rests on the 81 of 2026-11-10, which stands out from the results beside it)",
      "Thumb movements 30: re-measure to confirm (the latest result was recorded in poor light or with few usable frames)",
    ],
  );
  assert.deepEqual(
    attentionReasons(tests, false).map((r) => r.reason),
    ["remeasure", "remeasure"],
  );
});

test("each test's line in the note says which way is worse, as a clinician writes it", () => {
  assert.equal(
    testLine(standing({ test: "QUICKDASH", hand: null, trend: "declining", measure: measure({ value: 38.6, previousValue: 20.5 }) })),
    "QuickDASH 20.5 → 38.6 (0–100, higher is worse), declining",
  );
  assert.equal(
    testLine(standing({ test: "PAIN", hand: "BOTH", trend: "declining", measure: measure({ value: 4, previousValue: 1.5 }) })),
    "Worst pain (both hands) 1.5 → 4/10 (higher is worse), declining",
  );
  assert.equal(
    testLine(standing({ test: "ROM", hand: "RIGHT", otherHandPercent: 127, measure: measure({ value: 70 }) })),
    "Range of motion (right) 70 (0–100, higher is better), one result so far (127 % of the other hand)",
  );
});

test("the list's attention groups by rank: declines, then lows, then re-measures; rank 3 is in none", () => {
  assert.deepEqual(ATTENTION_GROUP_OF_RANK, { 0: "decline", 1: "low", 2: "remeasure", 3: null });
});

test("without the flag a decline is no reason; a judged test with no value on its measure gives none; a re-measure names its drop, if any", () => {
  const declining = standing({
    test: "PAIN",
    hand: null,
    drop: 2,
    clinicalDecline: true,
    measure: measure({ value: 4, against: "first", fromValue: 2, fromDate: "2026-10-01", urgency: 1, low: true }),
  });
  assert.deepEqual(attentionReasons([declining], false), []);
  const noValue = standing({ test: "GRIP", hand: "RIGHT", clinicalDecline: true, measure: null });
  assert.deepEqual(
    attentionReasons([noValue, declining], true).map((r) => [r.reason, r.test]),
    [
      ["test_declining", "PAIN"],
      ["low_score", "PAIN"],
    ],
  );
  const remeasures = [
    standing({ test: "DEXTERITY", drop: 12, measure: measure({ value: 69, remeasure: "outlier" }) }),
    standing({ test: "THUMB", hand: null, drop: 0, measure: measure({ value: 30, poor: true, remeasure: "poorLight" }) }),
  ];
  assert.deepEqual(
    attentionReasons(remeasures, false).map((r) => [r.test, r.drop]),
    [
      ["DEXTERITY", 12],
      ["THUMB", null],
    ],
  );
});

test("a test's line says when it has no value on its measure, and that the unaffected hand is not judged", () => {
  assert.equal(testLine(standing({ hand: "LEFT", measure: null })), "Range of motion (left): no value on its own scale");
  assert.equal(
    testLine(standing({ hand: "LEFT", judged: false, otherHandPercent: 79, measure: measure({ value: 55 }) })),
    "Range of motion (left) 55 (0–100, higher is better), one result so far (79 % of the other hand; the unaffected hand, not judged)",
  );
});
