import assert from "node:assert/strict";
import { test } from "node:test";
import type { TestStanding } from "@/lib/patients/schemas";
import { ATTENTION_BELOW } from "@/lib/patients/scores";
import { attentionReasons, oneDecimal, testLabel, TEST_NAMES, TREND_WORDS } from "@/lib/patients/standing";

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
  ...over,
});

test("tests are named for people, with the hand when the results record one", () => {
  assert.deepEqual(TEST_NAMES, { ROM: "Range of motion", DEXTERITY: "Dexterity", PAIN: "Pain", ARTHRITIS: "Arthritis", THUMB: "Thumb" });
  assert.equal(testLabel("ROM", "RIGHT"), "Range of motion (right)");
  assert.equal(testLabel("PAIN", "BOTH"), "Pain (both hands)");
  assert.equal(testLabel("DEXTERITY", "LEFT"), "Dexterity (left)");
  assert.equal(testLabel("THUMB", null), "Thumb");
  assert.deepEqual(TREND_WORDS, { improving: "improving", declining: "declining", stable: "stable", insufficient: "not enough data" });
});

test("scores are shown with one decimal, whole numbers without one", () => {
  assert.equal(oneDecimal(42), "42");
  assert.equal(oneDecimal(42.5), "42.5");
  assert.equal(oneDecimal(42.25), "42.3");
  assert.equal(oneDecimal(0), "0");
});

test("every declining test raises the flag, in order, naming its last two values; other trends do not", () => {
  const tests = [
    standing({ test: "ROM", hand: "LEFT", trend: "declining", previousScore: 61.5, score: 55 }),
    standing({ test: "PAIN", hand: null, trend: "improving" }),
    standing({ test: "THUMB", hand: null, trend: "stable" }),
    standing({ test: "DEXTERITY", hand: "RIGHT", trend: "insufficient", previousScore: null }),
    standing({ test: "ARTHRITIS", hand: "BOTH", trend: "declining", previousScore: 70, score: 64.5 }),
  ];
  assert.deepEqual(attentionReasons(tests, 75), [
    { reason: "test_declining", test: "ROM", hand: "LEFT", text: "Range of motion (left) declining: 61.5 → 55" },
    { reason: "test_declining", test: "ARTHRITIS", hand: "BOTH", text: "Arthritis (both hands) declining: 70 → 64.5" },
  ]);
});

test(`a latest overall score below ${ATTENTION_BELOW} raises the flag; ${ATTENTION_BELOW} itself and no score do not`, () => {
  assert.equal(ATTENTION_BELOW, 40);
  assert.deepEqual(attentionReasons([], 39.9), [{ reason: "low_score", test: null, hand: null, text: "Overall score 39.9 is below 40" }]);
  assert.deepEqual(attentionReasons([], 40), []);
  assert.deepEqual(attentionReasons([], null), []);
  assert.deepEqual(attentionReasons([], 0), [{ reason: "low_score", test: null, hand: null, text: "Overall score 0 is below 40" }]);
  const both = attentionReasons([standing({ trend: "declining", previousScore: 45, score: 30 })], 30);
  assert.deepEqual(
    both.map((r) => r.reason),
    ["test_declining", "low_score"],
  );
});
