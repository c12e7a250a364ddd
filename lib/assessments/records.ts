// A record on the wire: one object per kind, told apart by assessmentType, whose resultSnapshot
// (and results tree, where a response carries one) is that kind's own schema. The OpenAPI
// document writes each such union as a oneOf with a discriminator (lib/openapi/document.ts), so a
// client generated from it narrows a snapshot by assessmentType without a cast. No server
// imports: pages use it too.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { CODE_INPUT_PATTERN } from "@/lib/codes";
import { KIND_CONTRACTS } from "@/lib/assessments/kinds/contracts";
import type { KindContract } from "@/lib/assessments/kinds/kind";
import { anyHand, readAssessmentType } from "@/lib/assessments/schemas";

const shown = {
  code: z.string(),
  formattedCode: z.string(),
  hand: anyHand.nullable(),
  dateCreated: z.iso.datetime(),
};

/** The record as services build it: snapshots and trees are read from JSON and detail rows, not re-parsed. */
type Built<S extends z.ZodRawShape, Results extends boolean> = z.output<z.ZodObject<typeof shown>> & {
  assessmentType: z.output<typeof readAssessmentType>;
  resultSnapshot: Record<string, unknown>;
} & z.output<z.ZodObject<S>> &
  (Results extends true ? { results: Record<string, unknown> | null } : unknown);

const componentName = (type: string) => type.charAt(0) + type.slice(1).toLowerCase();

/**
 * One object per kind, named `<name><Kind>` in the document: the shown record, the kind's
 * snapshot, its results tree when `results` is set, and `shape`. The static type is the record as
 * services build it; the contract check of every integration test holds the answers to the
 * per-kind schemas.
 */
export function kindRecords<S extends z.ZodRawShape, Results extends boolean = false>(
  name: string,
  shape: S,
  options?: { results: Results },
): z.ZodType<Built<S, Results>> {
  const variants = Object.entries(KIND_CONTRACTS).map(([type, kind]: [string, KindContract]) =>
    z
      .object({
        ...shown,
        assessmentType: z.literal(type),
        resultSnapshot: kind.snapshot,
        ...(options?.results
          ? {
              results: (kind.results ? kind.results.nullable() : z.null()).describe(
                "The stored detail tree, as GET /assessments/{id}/results; null when none is linked",
              ),
            }
          : {}),
        ...shape,
      })
      .meta({ id: `${name}${componentName(type)}` }),
  );
  const union = z.discriminatedUnion("assessmentType", variants as [(typeof variants)[number], ...typeof variants]);
  return union as unknown as z.ZodType<Built<S, Results>>;
}

export const assessmentResultsResponse = kindRecords("AssessmentResults", { id: z.number().int() }, { results: true });

/** A numeric record id or a sharing code (any case, dash optional); an unknown one is a 404. */
export const assessmentRefParams = z.object({
  id: z
    .string()
    .max(20)
    .regex(new RegExp(`^(\\d{1,9}|${CODE_INPUT_PATTERN.source.slice(1, -1)})$`), "must be a record id or a sharing code (e.g. ABC-234)")
    .describe("The record's sharing code (e.g. ABC-234, any case, dash optional) or its numeric id (its owner or staff only)"),
});

export const assessmentResultsEndpoint = endpoint({
  method: "GET",
  path: "/assessments/{id}/results",
  operationId: "getAssessmentResults",
  summary: "One assessment with its full results tree, by sharing code (any caller) or numeric id (its owner or staff)",
  tag: "Assessments",
  auth: "optional",
  params: assessmentRefParams,
  limits: ["code"],
  responses: [
    { status: 200, description: "The record and its results tree (null when no detail row is linked)", schema: assessmentResultsResponse },
    { status: 400, description: "id is neither a record id nor a sharing code" },
    { status: 404, description: "No record matches, or it expired" },
  ],
});
