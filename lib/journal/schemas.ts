import { z } from "zod";
import { requiredText, text } from "@/lib/api/text";
import type { Endpoint, EndpointResponse, Guard } from "@/lib/api/endpoint";
import { env } from "@/lib/env";
import { idParam, limitParam, offsetParam } from "@/lib/api/pagination";
import { Hand, JournalEntryType } from "@/lib/generated/prisma/enums.ts";

const rating = z.number().min(0).max(10);
const assessmentRef = z.number().int().positive().max(2_147_483_647);

export const journalEntryInput = z.object({
  patientId: z.number().int().positive().max(2_147_483_647).describe("Id of an existing patient contact"),
  entryType: z.enum(JournalEntryType),
  transcript: requiredText("transcript must not be empty").max(20_000),
  affectedHand: z.enum(Hand).nullish(),
  painRating: rating.nullish().describe("0-10, higher is worse"),
  functionRating: rating.nullish().describe("0-10, higher is better"),
  // The summary is the service's (voice sessions write it): a client-written one would steer the
  // clinician's summary and its model prompt.
  aiSummary: z.never({ error: "is written by the service; clients cannot set it" }).optional(),
  romAssessmentId: assessmentRef.nullish().describe("Id of one of the patient's own assessments"),
  dexterityAssessmentId: assessmentRef.nullish().describe("Id of one of the patient's own assessments"),
  painScaleAssessmentId: assessmentRef.nullish().describe("Id of one of the patient's own assessments"),
  orchestratorSessionId: text().trim().max(200).nullish(),
});
export type JournalEntryInput = z.output<typeof journalEntryInput>;

export const journalEntry = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  entryType: z.enum(JournalEntryType),
  transcript: z.string(),
  affectedHand: z.enum(Hand).nullable(),
  painRating: z.number().nullable(),
  functionRating: z.number().nullable(),
  aiSummary: z.string().nullable(),
  romAssessmentId: z.number().int().nullable(),
  dexterityAssessmentId: z.number().int().nullable(),
  painScaleAssessmentId: z.number().int().nullable(),
  orchestratorSessionId: z.string().nullable(),
  author: z
    .object({
      contactId: z
        .number()
        .int()
        .nullable()
        .describe("The author's contact id; null when written without a token or before authors were recorded"),
      role: z.string().nullable().describe("patient, care_provider, admin, none or anonymous; null before authors were recorded"),
      staff: z.boolean().describe("true when a care provider or admin wrote the entry: it is not the patient's own account"),
    })
    .describe("Who wrote the entry"),
  createdAt: z.iso.datetime(),
});

export const journalListQuery = z.object({
  patientId: idParam.optional().describe("Whose entries; without it the result is empty"),
  entryType: z.enum(JournalEntryType).optional(),
  limit: limitParam(20, 200),
  offset: offsetParam,
});

export const journalListResponse = z.object({ entries: z.array(journalEntry).describe("Newest first"), total: z.number().int() });

/**
 * The spec leaves the journal open; JOURNAL_AUTH=required (the default) puts it behind the
 * required guard with the patients' who-may-read-whom rule; JOURNAL_AUTH=none is the spec's open
 * journal. Read per request, so one build serves both.
 */
function journalEndpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  const R extends readonly EndpointResponse[] = readonly EndpointResponse[],
>(definition: Omit<Endpoint<P, Q, B, R>, "auth">): Endpoint<P, Q, B, R> {
  const guard = (): Guard => (env().JOURNAL_AUTH === "required" ? "required" : "none");
  return Object.defineProperty({ ...definition, auth: "none" as Guard }, "auth", { get: guard, enumerable: true });
}

const guarded = [{ status: 401, description: "Token missing or invalid (not with JOURNAL_AUTH=none)" }];
const unreadablePatient = {
  status: 404,
  description:
    "No patient with this id that the caller may read (another patient's, one not sharing with the caller's clinics, or none: the same answer)",
};

export const createJournalEntryEndpoint = journalEndpoint({
  method: "POST",
  path: "/journal",
  operationId: "createJournalEntry",
  requestExample: {
    patientId: 42,
    entryType: "PRE_ASSESSMENT",
    transcript: "Stiff in the morning, easier after a warm shower.",
    affectedHand: "LEFT",
    painRating: 3,
  },
  summary: "Add a journal entry",
  tag: "Journal",
  body: journalEntryInput,
  limits: ["anonymous-write"],
  responses: [
    { status: 201, description: "The created entry", schema: journalEntry },
    {
      status: 400,
      description:
        "A required field is missing or invalid, aiSummary is set, or an assessment link names no assessment of this patient (field says which)",
    },
    ...guarded,
    unreadablePatient,
  ],
});

export const listJournalEndpoint = journalEndpoint({
  method: "GET",
  path: "/journal",
  operationId: "listJournalEntries",
  summary: "A patient's journal entries, newest first",
  tag: "Journal",
  query: journalListQuery,
  responses: [
    { status: 200, description: "One page of entries and the total", schema: journalListResponse },
    { status: 400, description: "A query parameter is invalid" },
    ...guarded,
    unreadablePatient,
  ],
});

export const journalEntryEndpoint = journalEndpoint({
  method: "GET",
  path: "/journal/{id}",
  operationId: "getJournalEntry",
  summary: "One journal entry",
  tag: "Journal",
  params: z.object({ id: idParam.describe("Journal entry id") }),
  responses: [
    { status: 200, description: "The entry", schema: journalEntry },
    { status: 400, description: "The id is not a positive integer" },
    ...guarded,
    { status: 404, description: "No entry with this id of a patient the caller may read" },
  ],
});

export const narrativeContextEndpoint = journalEndpoint({
  method: "GET",
  path: "/journal/narrative-context/{patientId}",
  operationId: "getNarrativeContext",
  summary: "A prompt-ready text of the patient's recent journal entries and latest scores",
  tag: "Journal",
  params: z.object({ patientId: idParam.describe("Patient contact id") }),
  responses: [
    { status: 200, description: "The context text (bounded in length)", schema: z.object({ context: z.string() }) },
    { status: 400, description: "The patient id is not a positive integer" },
    ...guarded,
    unreadablePatient,
  ],
});
