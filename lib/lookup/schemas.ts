import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { anyHand, readAssessmentType, storedAssessmentType } from "@/lib/assessments/schemas";
import { codeSchema } from "@/lib/codes";

export const codeParams = z.object({ code: codeSchema });

const rateLimited = { status: 429, description: "Too many code lookups or misses from this address (Retry-After says when to retry)" };

export const lookupResponse = z.object({
  code: z.string(),
  formattedCode: z.string(),
  assessmentType: readAssessmentType,
  hand: anyHand.nullable(),
  dateCreated: z.iso.datetime(),
  resultSnapshot: z.record(z.string(), z.unknown()),
  isAnonymous: z.boolean(),
  viewCount: z.number().int(),
});

export const lookupEndpoint = endpoint({
  method: "GET",
  path: "/lookup/{code}",
  summary: "Public view of an assessment by its sharing code; counts the view",
  tag: "Lookup",
  auth: "none",
  params: codeParams,
  responses: [
    { status: 200, description: "The record's public view, with the view count after this view", schema: lookupResponse },
    { status: 400, description: "Malformed code" },
    { status: 404, description: "No such code, or the record expired (identical bodies)" },
    rateLimited,
  ],
});

export const claimResponse = z.object({ message: z.string(), code: z.string().describe("Dashed form, AAA-BBB") });

export const claimEndpoint = endpoint({
  method: "POST",
  path: "/lookup/{code}/claim",
  summary: "Attach an anonymous record to the caller's account; removes its expiry",
  tag: "Lookup",
  auth: "required",
  params: codeParams,
  responses: [
    { status: 200, description: "Claimed", schema: claimResponse },
    { status: 400, description: "Malformed code" },
    { status: 401, description: "Token missing or invalid" },
    { status: 404, description: "No such code, expired, or already claimed" },
    rateLimited,
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
  summary: "Store an address on the record and e-mail its code with a link to the result page",
  tag: "Lookup",
  auth: "none",
  params: codeParams,
  body: emailBody,
  responses: [
    { status: 200, description: "Address stored; sent is false when mail is not configured", schema: emailResponse },
    { status: 400, description: "Malformed code or address" },
    { status: 404, description: "No such code, or expired" },
    rateLimited,
    { status: 500, description: "The mail transport failed" },
  ],
});

export const anonymousBody = z.object({
  assessmentType: z.union([storedAssessmentType, readAssessmentType]),
  hand: anyHand.nullish(),
  resultSnapshot: z.record(z.string(), z.unknown()).nullish(),
  email: z.email().max(320).nullish(),
});

export const anonymousResponse = z.object({ code: z.string(), formattedCode: z.string(), message: z.string() });

export const anonymousEndpoint = endpoint({
  method: "POST",
  path: "/lookup/anonymous",
  summary: "Create a bare record with a sharing code; linked to the caller when a token is present",
  tag: "Lookup",
  auth: "optional",
  body: anonymousBody,
  responses: [
    { status: 200, description: "Created", schema: anonymousResponse },
    { status: 400, description: "assessmentType missing or unknown, or a field invalid" },
  ],
});
