// PRWE's contract: the fifteen ratings, the published scores the service computes from them
// (./prwe.ts says how), the snapshot it stores and the answer it sends.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { createdFields, idempotencyConflict, scoredHand, submissionTraits } from "@/lib/assessments/schemas";
import type { KindContract } from "@/lib/assessments/kinds/kind";

const PAIN_ITEMS = 5;
const FUNCTION_ITEMS = 10;
const rating = z.number().min(0).max(10);
// JSON Schema 2020-12 counts the nulls: at most one per subscale (the superRefine below enforces it).
const atMostOneNull = { contains: { type: "null" }, minContains: 0, maxContains: 1 };

export const prweInput = z
  .object({
    hand: scoredHand.describe("The wrist rated"),
    pain: z
      .array(rating.nullable())
      .length(PAIN_ITEMS)
      .meta(atMostOneNull)
      .describe("The 5 pain items in order, each 0-10, null when unanswered (at most one)"),
    function: z
      .array(rating.nullable())
      .length(FUNCTION_ITEMS)
      .meta(atMostOneNull)
      .describe("The 10 function items (6 specific, 4 usual activities) in order, each 0-10, null when unanswered (at most one)"),
  })
  .superRefine((input, ctx) => {
    for (const key of ["pain", "function"] as const) {
      if (input[key].filter((item) => item === null).length > 1)
        ctx.addIssue({ code: "custom", path: [key], message: "at most one item of a subscale may be unanswered" });
    }
  });

export type PrweInput = z.output<typeof prweInput>;

/** A subscale's sum, an unanswered item taking the mean of the answered ones (the PRWE User Manual). */
function subscaleSum(items: readonly (number | null)[]): number {
  const answered = items.filter((item): item is number => item !== null);
  return (answered.reduce((sum, item) => sum + item, 0) / answered.length) * items.length;
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

export const prweSnapshot = z
  .object({
    painScore: z.number().min(0).max(50).describe("The pain items' sum, 0-50, higher is worse"),
    functionScore: z.number().min(0).max(50).describe("The function items' sum ÷ 2, 0-50, higher is worse"),
    prweScore: z.number().min(0).max(100).describe("painScore + functionScore, 0-100, higher is worse (as published)"),
    answeredCount: z
      .number()
      .int()
      .min(13)
      .max(PAIN_ITEMS + FUNCTION_ITEMS),
    overallScore: z.number().min(0).max(100).describe("100 − prweScore: higher is better, like every other headline"),
    pain: z.array(rating.nullable()).length(PAIN_ITEMS),
    function: z.array(rating.nullable()).length(FUNCTION_ITEMS),
  })
  .meta({ id: "PrweSnapshot" });

export type PrweSnapshot = z.output<typeof prweSnapshot>;

export function prweScores(input: Pick<PrweInput, "pain" | "function">): PrweSnapshot {
  const painScore = twoDecimals(subscaleSum(input.pain));
  const functionScore = twoDecimals(subscaleSum(input.function) / 2);
  const prweScore = twoDecimals(painScore + functionScore);
  return {
    painScore,
    functionScore,
    prweScore,
    answeredCount: [...input.pain, ...input.function].filter((item) => item !== null).length,
    overallScore: twoDecimals(100 - prweScore),
    pain: input.pain,
    function: input.function,
  };
}

export const prweResponse = z.object({
  ...createdFields,
  ...prweSnapshot.pick({ painScore: true, functionScore: true, prweScore: true, answeredCount: true, overallScore: true }).shape,
});

export const prweContract = {
  snapshot: prweSnapshot,
  results: null,
  storedAsSent: false,
  submission: {
    endpoint: endpoint({
      method: "POST",
      path: "/assessments/prwe",
      operationId: "submitPrweAssessment",
      requestExample: { hand: "RIGHT", pain: [3, 5, 2, 6, 7], function: [4, 5, 3, 2, null, 6, 3, 2, 4, 5] },
      summary: "Submit PRWE ratings; the service computes the published pain, function and total scores and returns a sharing code",
      ...submissionTraits,
      body: prweInput,
      responses: [
        { status: 201, description: "Stored; anonymous (expires in 90 days) without a token, owned with one", schema: prweResponse },
        {
          status: 400,
          description:
            "hand not LEFT or RIGHT, not 5 pain and 10 function items, an item outside 0-10, or more than one unanswered in a subscale",
        },
        idempotencyConflict,
      ],
    }),
    build: (input: PrweInput) => {
      const snapshot = prweScores(input);
      const { painScore, functionScore, prweScore, answeredCount, overallScore } = snapshot;
      return { hand: input.hand, snapshot, reply: () => ({ painScore, functionScore, prweScore, answeredCount, overallScore }) };
    },
  },
} as const satisfies KindContract;
