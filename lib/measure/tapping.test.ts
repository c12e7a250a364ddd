// The tapping formulas on recorded series, the expected figures worked out by hand (docs/clinical.md).
import assert from "node:assert/strict";
import { test } from "node:test";
import { scoreTapping, type Pointer, type Tap } from "@/lib/measure/tapping";

function series(times: number[], targets: (number | null)[], offsets: number[], pointer: Pointer = "touch"): Tap[] {
  return times.map((t, i) => ({ t, target: targets[i]!, offset: offsets[i]!, pointer, touches: 1 }));
}

test("a steady run: 48 taps in order every 200 ms, each 0.2 of a radius off centre", () => {
  const taps = Array.from({ length: 48 }, (_, i) => ({
    t: 100 + i * 200,
    target: i % 4,
    offset: 0.2,
    pointer: "touch" as const,
    touches: 1,
  }));
  assert.deepEqual(scoreTapping(taps), {
    usable: true,
    pointer: "touch",
    fields: {
      duration: 10,
      overallScore: 95,
      speedScore: 100,
      touchPrecision: 80,
      consistencyScore: 100,
      cycleCount: 48,
      totalTouches: 48,
      sequencesCompleted: 12,
      timeTo10Sequences: 7.9,
      averageFrequency: 4.8,
      sequenceAccuracy: 100,
    },
  });
});

test("a recorded run with slips: wrong targets do not advance the sequence, a miss scores no precision", () => {
  const taps = series(
    [0, 250, 480, 760, 1000, 1270, 1500, 1790, 2010, 2260, 2540, 2750],
    [0, 1, 2, 3, 0, 2, 2, 3, 0, 1, null, 3],
    [0.1, 0.3, 0.2, 0.5, 0, 0.4, 0.2, 0.6, 0.1, 0.2, 1.4, 0.3],
  );
  // 6 taps on the expected target, 1 full sequence; intervals mean 250 ms, sd 25.58 ms.
  assert.deepEqual(scoreTapping(taps), {
    usable: true,
    pointer: "touch",
    fields: {
      duration: 10,
      overallScore: 55.6,
      speedScore: 15,
      touchPrecision: 67.5,
      consistencyScore: 89.8,
      cycleCount: 6,
      totalTouches: 12,
      sequencesCompleted: 1,
      timeTo10Sequences: null,
      averageFrequency: 1.2,
      sequenceAccuracy: 50,
    },
  });
});

test("the result names the pointer most taps came from", () => {
  const taps = Array.from({ length: 12 }, (_, i) => ({
    t: i * 300,
    target: i % 4,
    offset: 0,
    pointer: (i < 8 ? "mouse" : "key") as Pointer,
    touches: 1,
  }));
  const result = scoreTapping(taps);
  assert.equal(result.usable && result.pointer, "mouse");
});

test("unusable: fewer than 10 taps", () => {
  const taps = series([0, 300, 600, 900, 1200, 1500, 1800, 2100, 2400], [0, 1, 2, 3, 0, 1, 2, 3, 0], Array(9).fill(0));
  assert.deepEqual(scoreTapping(taps), { usable: false, reason: "tooFewTaps" });
  assert.deepEqual(scoreTapping([]), { usable: false, reason: "tooFewTaps" });
});

test("unusable: a pause over 2 s (the hand was changed)", () => {
  const times = [0, 250, 500, 750, 1000, 3600, 3850, 4100, 4350, 4600, 4850];
  const taps = series(
    times,
    times.map((_, i) => i % 4),
    Array(11).fill(0),
  );
  assert.deepEqual(scoreTapping(taps), { usable: false, reason: "handSwitched" });
});

test("unusable: a tap while another touch is down (the other hand on the screen)", () => {
  const taps = Array.from({ length: 20 }, (_, i) => ({
    t: i * 250,
    target: i % 4,
    offset: 0,
    pointer: "touch" as const,
    touches: i === 7 ? 2 : 1,
  }));
  assert.deepEqual(scoreTapping(taps), { usable: false, reason: "handSwitched" });
});
