import assert from "node:assert/strict";
import { test } from "node:test";
import { assessmentTypeIn, LINES } from "@/lib/voice/script";

test("the voice prepares the camera tests with the camera and the questionnaires without it", () => {
  for (const type of ["ROM", "DEXTERITY", "THUMB"] as const) assert.match(LINES.prepared(type), /in view of the camera/);
  for (const type of ["PAIN", "ARTHRITIS", "QUICKDASH"] as const) assert.doesNotMatch(LINES.prepared(type), /in view of the camera/);
  assert.equal(
    LINES.prepared("QUICKDASH"),
    "QuickDASH questionnaire it is. No camera is needed: you'll answer eleven questions on the screen about how hard everyday tasks were over the last week, and say ready or press start when you are.",
  );
});

test("the voice says a result on its kind's own scale", () => {
  assert.match(LINES.review("ROM", 78), /Your result: Overall score 78 out of 100; higher is better\./);
  // Pain's headline is 100 × (1 − worst/10): 60 is a worst rating of 4.
  assert.match(LINES.review("PAIN", 60), /Your result: Worst pain 4 out of 10; lower is better\./);
  // QuickDASH's headline is 100 − the disability score: 61.36 is a QuickDASH of 38.64, lower is better.
  assert.match(LINES.review("QUICKDASH", 61.36), /Your result: QuickDASH disability 38\.6 out of 100; lower is better\./);
  assert.match(LINES.review(null, 50), /Your score is 50 out of 100\./);
});

test("the menu names every kind", () => {
  assert.equal(
    LINES.chooseType,
    "Which assessment would you like: range of motion, finger tapping, pain, arthritis, thumb movement, QuickDASH questionnaire, grip strength, or patient-rated wrist evaluation?",
  );
});

test("a sentence names the kind whose words match the longest stretch of it", () => {
  assert.deepEqual(
    [
      "my thumb hurts",
      "my thumb pain",
      "my wrist pain",
      "let's check my grip",
      "the quick dash please",
      "tap test",
      "the wrist questionnaire",
      "hello",
    ].map(assessmentTypeIn),
    ["THUMB", "THUMB", "ROM", "GRIP", "QUICKDASH", "DEXTERITY", "PRWE", null],
  );
});
