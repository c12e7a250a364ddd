// QuickDASH's contract: the submission body, the scores the service computes from it, the
// snapshot it stores and the answer it sends. The kind itself (names, metrics, headline) is
// ./quickdash.ts, which the browser loads; this module, with its schemas, only the server does.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { anyHand, createdFields, idempotencyConflict, score, submissionTraits } from "@/lib/assessments/schemas";
import type { KindContract } from "@/lib/assessments/kinds/kind";
import { dashScore } from "@/lib/assessments/kinds/quickdash";

export { dashScore };

const ITEMS = 11;
const MODULE_ITEMS = 4;
const item = z.number().int().min(1).max(5);

export const quickdashInput = z
  .object({
    hand: anyHand.optional(),
    responses: z
      .array(item.nullable())
      .length(ITEMS)
      // JSON Schema 2020-12 counts the nulls: at most one item may be left unanswered (the superRefine below enforces it).
      .meta({ contains: { type: "null" }, minContains: 0, maxContains: 1 })
      .describe("The 11 items in the questionnaire's order, each 1-5, null when unanswered (at most one)"),
    work: z.array(item).length(MODULE_ITEMS).optional().describe("The optional work module: all four items, each 1-5"),
    sportsMusic: z
      .array(item)
      .length(MODULE_ITEMS)
      .optional()
      .describe("The optional sports/performing-arts module: all four items, each 1-5"),
  })
  .superRefine((input, ctx) => {
    if (input.responses.filter((answer) => answer === null).length > 1) {
      ctx.addIssue({ code: "custom", path: ["responses"], message: "at most one of the 11 items may be unanswered" });
    }
  });

export type QuickDashInput = z.output<typeof quickdashInput>;

export const quickdashSnapshot = z
  .object({
    quickDashScore: score.describe("0-100, higher is more disability (as published)"),
    workScore: score.nullable().describe("The work module's score, null when not answered"),
    sportsMusicScore: score.nullable().describe("The sports/performing-arts module's score, null when not answered"),
    answeredCount: z.number().int().min(10).max(ITEMS),
    overallScore: score.describe("100 − quickDashScore: higher is better, like every other headline"),
    responses: z.array(item.nullable()).length(ITEMS),
    work: z.array(item).length(MODULE_ITEMS).nullable(),
    sportsMusic: z.array(item).length(MODULE_ITEMS).nullable(),
  })
  .meta({ id: "QuickDashSnapshot" });

export type QuickDashSnapshot = z.output<typeof quickdashSnapshot>;

export function quickdashScores(input: QuickDashInput): QuickDashSnapshot {
  const quickDashScore = dashScore(input.responses)!;
  return {
    quickDashScore,
    workScore: input.work ? dashScore(input.work) : null,
    sportsMusicScore: input.sportsMusic ? dashScore(input.sportsMusic) : null,
    answeredCount: input.responses.filter((answer) => answer !== null).length,
    overallScore: Math.round((100 - quickDashScore) * 100) / 100,
    responses: input.responses,
    work: input.work ?? null,
    sportsMusic: input.sportsMusic ?? null,
  };
}

export const quickdashResponse = z.object({
  ...createdFields,
  ...quickdashSnapshot.pick({ quickDashScore: true, workScore: true, sportsMusicScore: true, answeredCount: true, overallScore: true })
    .shape,
});

export const quickdashContract = {
  snapshot: quickdashSnapshot,
  results: null,
  storedAsSent: false,
  submission: {
    endpoint: endpoint({
      method: "POST",
      path: "/assessments/quickdash",
      operationId: "submitQuickDashAssessment",
      requestExample: { hand: "RIGHT", responses: [2, 3, 1, 2, 4, 1, 2, 3, 1, 2, null], work: [2, 2, 3, 1] },
      summary: "Submit QuickDASH answers; the service computes the published scores and returns a sharing code",
      ...submissionTraits,
      body: quickdashInput,
      responses: [
        { status: 201, description: "Stored; anonymous (expires in 90 days) without a token, owned with one", schema: quickdashResponse },
        {
          status: 400,
          description: "responses not 11 items, more than one unanswered, an item outside 1-5, or a module without all four items",
        },
        idempotencyConflict,
      ],
    }),
    build: (input: QuickDashInput) => {
      const snapshot = quickdashScores(input);
      const { quickDashScore, workScore, sportsMusicScore, answeredCount, overallScore } = snapshot;
      return {
        hand: input.hand ?? null,
        snapshot,
        reply: () => ({ quickDashScore, workScore, sportsMusicScore, answeredCount, overallScore }),
      };
    },
  },
} as const satisfies KindContract;
