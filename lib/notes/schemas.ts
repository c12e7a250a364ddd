// Clinician notes' contracts: POST and GET /patients/{id}/notes. The body names only what the
// author chooses (text, the result it is about, the note it corrects); who wrote it, for which
// clinic and when are the service's, and a body that names them is refused.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { idParam, limitParam, offsetParam } from "@/lib/api/pagination";
import { requiredText } from "@/lib/api/text";

/** A note holds up to a few pages of text. */
export const MAX_NOTE_LENGTH = 4000;

const recordId = z.number().int().positive().max(2_147_483_647);

export const notePatientParams = z.object({ id: idParam.describe("Patient contact id") });

export const noteInput = z.strictObject({
  text: requiredText("must not be empty", { error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .max(MAX_NOTE_LENGTH, `must be at most ${MAX_NOTE_LENGTH} characters`)
    .describe(`The note, 1-${MAX_NOTE_LENGTH} characters`),
  assessmentId: recordId.optional().describe("The id of one of this patient's results the note is about"),
  corrects: recordId.optional().describe("The id of an earlier note of this patient that this one corrects"),
});
export type NoteInput = z.output<typeof noteInput>;

export const notesQuery = z.object({ limit: limitParam(50, 200), offset: offsetParam });

export const clinicianNote = z
  .object({
    id: z.number().int(),
    patientId: z.number().int(),
    text: z.string(),
    assessmentId: z.number().int().nullable().describe("The result the note is about; null when none (or it was deleted)"),
    corrects: z.number().int().nullable().describe("The note this one corrects; null when none"),
    correctedBy: z.array(z.number().int()).describe("Later notes that correct this one, oldest first"),
    author: z.object({
      name: z.string().nullable().describe("The author's name as their sign-in gave it; null when it gave none"),
      clinic: z
        .object({ id: z.number().int(), name: z.string() })
        .nullable()
        .describe("The clinic the author wrote for; null once deleted"),
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ClinicianNote" });
export type ClinicianNoteView = z.output<typeof clinicianNote>;

export const notesResponse = z.object({ notes: z.array(clinicianNote).describe("Newest first"), total: z.number().int() });

const tag = "Patients";
const unauthorized = { status: 401, description: "Token missing, invalid or expired" };
const notAPatient = { status: 404, description: "No such patient, or the caller may not read them (care-team rule)" };

export const createNoteEndpoint = endpoint({
  method: "POST",
  path: "/patients/{id}/notes",
  operationId: "createClinicianNote",
  requestExample: { text: "Wrist extension improving; continue the home programme for two more weeks." },
  summary:
    "Write a note on a patient as a clinician of their care team, signed with your name and clinic (audited; never changed afterwards)",
  tag,
  auth: { roles: ["care_provider", "admin"] },
  params: notePatientParams,
  body: noteInput,
  limits: ["write"],
  responses: [
    { status: 201, description: "The note as stored", schema: clinicianNote },
    {
      status: 400,
      description:
        "text missing, empty, over 4000 characters or with control characters; assessmentId not one of this patient's results; corrects not a note of this patient; a field the service writes (author, clinic, dates) named (field names which)",
    },
    unauthorized,
    {
      status: 403,
      description:
        "A patient token, or a caller who reads the patient but is no clinician of a clinic they share with (code NOT_CARE_TEAM)",
    },
    notAPatient,
    { status: 429, description: "Too many writes from this caller" },
  ],
});

export const listNotesEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/notes",
  operationId: "listClinicianNotes",
  summary:
    "A patient's clinician notes, newest first, each signed with its author's name and clinic (the patient, or a clinician of their care team; audited)",
  tag,
  auth: "required",
  params: notePatientParams,
  query: notesQuery,
  responses: [
    { status: 200, description: "Notes", schema: notesResponse },
    { status: 400, description: "The id, limit or offset is invalid" },
    unauthorized,
    notAPatient,
  ],
});
