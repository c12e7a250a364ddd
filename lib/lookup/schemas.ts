import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { KINDS } from "@/lib/assessments/kinds";
import { KIND_CONTRACTS } from "@/lib/assessments/kinds/contracts";
import type { KindContract } from "@/lib/assessments/kinds/kind";
import { anyHand, readAssessmentType, SNAPSHOT_LIMITS, storedAssessmentType } from "@/lib/assessments/schemas";
import { kindRecords } from "@/lib/assessments/records";
import { codeSchema } from "@/lib/codes";
import { assessmentResults } from "@/lib/report-view/schemas";

export const codeParams = z.object({ code: codeSchema.describe("A sharing code, e.g. ABC-234 (any case, dash optional)") });

export const lookupResponse = kindRecords("Lookup", {
  isAnonymous: z.boolean(),
  isSample: z.boolean().describe('Made by "Try a sample result" (POST /lookup/sample): made-up values, never claimed or counted'),
  expiresAt: z.iso.datetime().nullable().describe("When an unclaimed record stops being reachable; null once it is in an account"),
  viewCount: z.number().int(),
  results: assessmentResults,
});

export const lookupEndpoint = endpoint({
  method: "GET",
  path: "/lookup/{code}",
  operationId: "lookUpAssessment",
  summary: "Public view of an assessment by its sharing code; counts the view",
  tag: "Lookup",
  auth: "optional",
  params: codeParams,
  limits: ["code"],
  responses: [
    { status: 200, description: "The record's public view, with the view count after this view", schema: lookupResponse },
    { status: 400, description: "Malformed code" },
    { status: 404, description: "No such code, or the record expired (identical bodies)" },
  ],
});

/** What a code names: an assessment record or a report. */
export const codeKind = z.enum(["assessment", "report"]);

export const codeKindResponse = z.object({
  kind: codeKind,
  code: z.string(),
  formattedCode: z.string(),
  path: z.string().describe("The page that shows it: /a/CODE or /r/CODE"),
});

export const codeKindEndpoint = endpoint({
  method: "GET",
  path: "/codes/{code}",
  operationId: "getCodeKind",
  summary: "Whether a sharing code names an assessment or a report (counts no view), for one code box that opens both",
  tag: "Lookup",
  auth: "none",
  params: codeParams,
  limits: ["code"],
  responses: [
    { status: 200, description: "What the code names and the page that shows it", schema: codeKindResponse },
    { status: 400, description: "Malformed code" },
    { status: 404, description: "No live assessment or report has this code (unknown or expired, identical bodies)" },
  ],
});

export const claimResponse = z.object({ message: z.string(), code: z.string().describe("Dashed form, AAA-BBB") });

export const claimEndpoint = endpoint({
  method: "POST",
  path: "/lookup/{code}/claim",
  operationId: "claimAssessment",
  summary: "Attach an anonymous record to the caller's account; removes its expiry",
  tag: "Lookup",
  auth: "required",
  params: codeParams,
  limits: ["code"],
  responses: [
    { status: 200, description: "Claimed", schema: claimResponse },
    { status: 400, description: "Malformed code" },
    { status: 401, description: "Token missing or invalid" },
    { status: 404, description: "No such code, expired, already claimed, or a sample (isSample)" },
  ],
});

export const emailBody = z.object({ email: z.email().max(320) });

export const emailResponse = z.object({
  success: z.boolean(),
  sent: z.boolean(),
  message: z.string(),
  code: z.string().describe("Dashed form, AAA-BBB"),
});

export const emailEndpoint = endpoint({
  method: "POST",
  path: "/lookup/{code}/email",
  operationId: "emailAssessmentCode",
  requestExample: { email: "patient@example.com" },
  summary: "E-mail the code with a link to the result page; the address is stored on an anonymous record so it can be claimed later",
  tag: "Lookup",
  auth: "optional",
  params: codeParams,
  body: emailBody,
  limits: ["code", "mail"],
  responses: [
    {
      status: 200,
      description: "Sent (sent is false when mail is not configured); the address is stored only on an anonymous record",
      schema: emailResponse,
    },
    { status: 400, description: "Malformed code or address" },
    { status: 404, description: "No such code, or expired" },
    { status: 500, description: "The mail transport failed" },
  ],
});

/** A bare record of the given type names (stored and read names), its snapshot checked as that type's. */
const bareRecord = (types: [string, ...string[]], snapshot: z.ZodType<Record<string, unknown>>) =>
  z.object({
    assessmentType: z.enum(types),
    hand: anyHand.nullish(),
    resultSnapshot: snapshot.nullish(),
    email: z.email().max(320).nullish(),
  });

const assessmentTypeNames = [...new Set([...readAssessmentType.options, ...storedAssessmentType.options])];

/** The read and stored names of the kinds stored as sent, grouped by snapshot schema (THUMB reads ROM's). */
function bareTypesBySnapshot(): Map<z.ZodType<Record<string, unknown>>, [string, ...string[]]> {
  const groups = new Map<z.ZodType<Record<string, unknown>>, [string, ...string[]]>();
  for (const [type, contract] of Object.entries(KIND_CONTRACTS) as [keyof typeof KINDS, KindContract][]) {
    if (!contract.storedAsSent) continue;
    const names = [...new Set([type, KINDS[type].stored])];
    const group = groups.get(contract.snapshot);
    if (group) group.push(...names);
    else groups.set(contract.snapshot, names as [string, ...string[]]);
  }
  return groups;
}

const bareRecords = [...bareTypesBySnapshot()].map(([snapshot, types]) => bareRecord(types, snapshot));

export const anonymousBody = z.discriminatedUnion("assessmentType", bareRecords as [(typeof bareRecords)[number], ...typeof bareRecords], {
  error: (issue) => {
    if (issue.code !== "invalid_union") return undefined;
    const given = (issue.input as { assessmentType?: unknown }).assessmentType;
    return given === undefined ? "is required" : `must be one of ${assessmentTypeNames.join(", ")}`;
  },
});

export const anonymousResponse = z.object({ code: z.string(), formattedCode: z.string(), message: z.string() });

export const anonymousEndpoint = endpoint({
  method: "POST",
  path: "/lookup/anonymous",
  operationId: "createBareRecord",
  requestExample: { assessmentType: KINDS.ROM.type, hand: "LEFT", email: "patient@example.com" },
  summary: "Create a bare record with a sharing code; linked to the caller when a token is present",
  tag: "Lookup",
  auth: "optional",
  body: anonymousBody,
  limits: ["anonymous-write"],
  responses: [
    { status: 200, description: "Created", schema: anonymousResponse },
    {
      status: 400,
      description: `assessmentType missing or unknown, or a field invalid: the snapshot's known keys are typed and ranged per type; every text in it is at most ${SNAPSHOT_LIMITS.textLength} characters, every number within ±2^53, it nests at most ${SNAPSHOT_LIMITS.depth} levels and its JSON is at most ${SNAPSHOT_LIMITS.bytes / 1024} KiB (field names the offending member)`,
    },
  ],
});

export const sampleResponse = z.object({
  code: z.string(),
  formattedCode: z.string(),
  path: z.string().describe("The page that shows it: /a/CODE"),
});

export const sampleEndpoint = endpoint({
  method: "POST",
  path: "/lookup/sample",
  operationId: "createSampleResult",
  summary: "Create a sample range-of-motion result (made-up values, marked as a sample) to try the service with",
  description:
    'What the home page\'s "Try a sample result" calls. The record is anonymous, marked isSample, expires after a day, cannot be claimed and is in no list or figure.',
  tag: "Lookup",
  auth: "none",
  limits: ["anonymous-write"],
  responses: [{ status: 201, description: "Created", schema: sampleResponse }],
});
