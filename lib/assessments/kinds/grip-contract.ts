// Grip strength's contract: three dynamometer trials for one hand, the figures the service
// computes from them (./grip.ts says what they mean), the snapshot and the answer.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { createdFields, idempotencyConflict, scoredHand, submissionTraits } from "@/lib/assessments/schemas";
import type { KindContract, SubmissionCaller } from "@/lib/assessments/kinds/kind";

const kg = z.number().min(0).max(100);

export const gripInput = z.object({
  hand: scoredHand.describe("The hand measured"),
  trialsKg: z.array(kg).length(3).describe("Three trials in kg, each 0-100"),
  position: z.number().int().min(1).max(5).optional().describe("The dynamometer's handle position, 1-5; 2 (the standard) when left out"),
});

export type GripInput = z.output<typeof gripInput>;

const LB_TO_KG = 0.45359237;

/**
 * Mathiowetz et al., Arch Phys Med Rehabil 1985;66(2):69-74, Table: mean grip (lb, Jamar position
 * 2, mean of three trials) from age 20 in five-year groups, the last 75 and over; [right, left].
 */
const NORMS_LB: Record<"female" | "male", [right: number, left: number][]> = {
  male: [
    [121.0, 104.5],
    [120.8, 110.5],
    [121.8, 110.4],
    [119.7, 112.9],
    [116.8, 112.8],
    [109.9, 100.8],
    [113.6, 101.9],
    [101.1, 83.2],
    [89.7, 76.8],
    [91.1, 76.8],
    [75.3, 64.8],
    [65.7, 55.0],
  ],
  female: [
    [70.4, 61.0],
    [74.5, 63.5],
    [78.7, 68.0],
    [74.1, 66.3],
    [70.4, 62.3],
    [62.2, 56.0],
    [65.8, 57.3],
    [57.3, 47.3],
    [55.1, 45.7],
    [59.8, 49.6],
    [49.6, 42.0],
    [49.6, 41.5],
  ],
};

const SEXES: Record<string, "female" | "male"> = {
  female: "female",
  f: "female",
  woman: "female",
  mujer: "female",
  male: "male",
  m: "male",
  man: "male",
  hombre: "male",
};

/** The norm in kg for a hand, age and the profile's sex; null outside the norms (under 20, a sex they have no table for). */
export function gripNormKg(hand: "LEFT" | "RIGHT", age: number | null, sex: string | null): number | null {
  const table = sex ? NORMS_LB[SEXES[sex.trim().toLowerCase()]!] : undefined;
  if (!table || age === null || age < 20) return null;
  const [right, left] = table[Math.min(table.length - 1, Math.floor((age - 20) / 5))]!;
  return (hand === "RIGHT" ? right : left) * LB_TO_KG;
}

const percent = (value: number, of: number) => Math.round((value / of) * 1000) / 10;
const kgOf = (value: number) => Math.round(value * 100) / 100;

export const gripSnapshot = z
  .object({
    trialsKg: z.array(kg).length(3),
    position: z.number().int().min(1).max(5),
    meanKg: kg.describe("The mean of the three trials (ASHT's recommended figure), to two decimals"),
    bestKg: kg,
    percentOfNorm: z
      .number()
      .min(0)
      .optional()
      .describe("meanKg as a percentage of the age- and sex-matched norm (Mathiowetz 1985); absent without both in the profile"),
    percentOfOtherHand: z
      .number()
      .min(0)
      .optional()
      .describe("meanKg as a percentage of the other hand's latest mean from the last 24 hours; absent without one"),
  })
  .meta({ id: "GripSnapshot" });

export type GripSnapshot = z.output<typeof gripSnapshot>;

export function gripScores(input: GripInput, caller: SubmissionCaller): GripSnapshot {
  const meanKg = kgOf(input.trialsKg.reduce((sum, trial) => sum + trial, 0) / 3);
  const norm = gripNormKg(input.hand, caller.age, caller.sex);
  const other = caller.recent(input.hand === "RIGHT" ? "LEFT" : "RIGHT")?.meanKg;
  return {
    trialsKg: input.trialsKg,
    position: input.position ?? 2,
    meanKg,
    bestKg: Math.max(...input.trialsKg),
    ...(norm ? { percentOfNorm: percent(meanKg, norm) } : {}),
    ...(typeof other === "number" && other > 0 ? { percentOfOtherHand: percent(meanKg, other) } : {}),
  };
}

export const gripResponse = z.object({
  ...createdFields,
  ...gripSnapshot.pick({ meanKg: true, bestKg: true, percentOfNorm: true, percentOfOtherHand: true }).shape,
});

export const gripContract = {
  snapshot: gripSnapshot,
  results: null,
  storedAsSent: false,
  submission: {
    endpoint: endpoint({
      method: "POST",
      path: "/assessments/grip",
      operationId: "submitGripAssessment",
      requestExample: { hand: "RIGHT", trialsKg: [31.5, 33, 32] },
      summary:
        "Submit three grip-strength trials for one hand; the service computes the mean, the best and the shares of the norm and the other hand",
      ...submissionTraits,
      body: gripInput,
      responses: [
        { status: 201, description: "Stored; anonymous (expires in 90 days) without a token, owned with one", schema: gripResponse },
        { status: 400, description: "hand not LEFT or RIGHT, not three trials, a trial outside 0-100 kg, or a position outside 1-5" },
        idempotencyConflict,
      ],
    }),
    readsCaller: true,
    build: (input: GripInput, caller: SubmissionCaller) => {
      const snapshot = gripScores(input, caller);
      const { meanKg, bestKg, percentOfNorm, percentOfOtherHand } = snapshot;
      return { hand: input.hand, snapshot, reply: () => ({ meanKg, bestKg, percentOfNorm, percentOfOtherHand }) };
    },
  },
} as const satisfies KindContract;
