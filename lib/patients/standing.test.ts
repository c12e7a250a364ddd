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
  change: -5,
  drop: 10,
  mcid: 10,
  clinicalDecline: false,
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
  });
  assert.equal(testLabel("ROM", "RIGHT"), "Range of motion (right)");
  assert.equal(testLabel("PAIN", "BOTH"), "Pain (both hands)");
  assert.equal(testLabel("DEXTERITY", "LEFT"), "Dexterity (left)");
  assert.equal(testLabel("THUMB", null), "Thumb movements");
  assert.deepEqual(TREND_WORDS, { improving: "improving", declining: "declining", stable: "stable", insufficient: "not enough data" });
});

test("scores are shown with one decimal, whole numbers without one", () => {
  assert.equal(oneDecimal(42), "42");
  assert.equal(oneDecimal(42.5), "42.5");
  assert.equal(oneDecimal(42.25), "42.3");
  assert.equal(oneDecimal(0), "0");
});

test("every test that fell beyond its MCID (since its previous or first result) raises the flag, in order; a declining trend within it does not", () => {
  const tests = [
    standing({ test: "ROM", hand: "LEFT", trend: "declining", previousScore: 71.5, score: 55, drop: 16.5, clinicalDecline: true }),
    standing({ test: "PAIN", hand: null, trend: "improving" }),
    standing({ test: "THUMB", hand: null, trend: "declining", previousScore: 60, score: 57, clinicalDecline: false }),
    standing({ test: "DEXTERITY", hand: "RIGHT", trend: "insufficient", previousScore: null }),
    standing({
      test: "ARTHRITIS",
      hand: "BOTH",
      trend: "declining",
      firstScore: 80,
      previousScore: 66,
      score: 64.5,
      drop: 15.5,
      clinicalDecline: true,
    }),
  ];
  assert.deepEqual(attentionReasons(tests, 75), [
    {
      reason: "test_declining",
      test: "ROM",
      hand: "LEFT",
      drop: 16.5,
      text: "Range of motion (left) down 16.5 points since the previous result, 71.5 → 55 (clinically important: more than 10)",
    },
    {
      reason: "test_declining",
      test: "ARTHRITIS",
      hand: "BOTH",
      drop: 15.5,
      text: "Arthritis (both hands) down 15.5 points since the first result, 80 → 64.5 (clinically important: more than 10)",
    },
  ]);
});

test(`a latest overall score below ${ATTENTION_BELOW} raises the flag; ${ATTENTION_BELOW} itself and no score do not`, () => {
  assert.equal(ATTENTION_BELOW, 40);
  assert.deepEqual(attentionReasons([], 39.9), [
    { reason: "low_score", test: null, hand: null, drop: null, text: "Overall score 39.9 is below 40" },
  ]);
  assert.deepEqual(attentionReasons([], 40), []);
  assert.deepEqual(attentionReasons([], null), []);
  assert.deepEqual(attentionReasons([], 0), [
    { reason: "low_score", test: null, hand: null, drop: null, text: "Overall score 0 is below 40" },
  ]);
  const both = attentionReasons([standing({ trend: "declining", previousScore: 45, score: 30, clinicalDecline: true })], 30);
  assert.deepEqual(
    both.map((r) => r.reason),
    ["test_declining", "low_score"],
  );
});
