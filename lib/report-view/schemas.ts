// What a report shows, whatever carries it (the API's JSON, the /r page, the PDF, the e-mail and
// the explanation): the report's view and its assessments. The service (lib/reports) reads it
// from the database; the PDF renderer (lib/pdf) draws it.
import { z } from "zod";
import { kindRecords } from "@/lib/assessments/records";
import { anyHand } from "@/lib/assessments/schemas";

export const jointResult = z.object({
  hand: anyHand.nullable().describe("The hand this joint was measured on"),
  finger: z.string().nullable().describe("e.g. INDEX, THUMB"),
  jointType: z.string().nullable().describe("e.g. MCP, PIP, DIP, IP"),
  minAngle: z.number().nullable().describe("Degrees"),
  maxAngle: z.number().nullable().describe("Degrees"),
  rom: z.number().nullable().describe("Range of motion, degrees"),
  normalRange: z.tuple([z.number(), z.number()]).nullable().describe("The joint's normal range of motion [min, max], degrees"),
});
export type JointResult = z.infer<typeof jointResult>;

export const assessmentResults = z.object({
  joints: z.array(jointResult).describe("Per-joint angles of a range-of-motion or thumb record, in measured order; empty for other types"),
});

export const reportAssessment = kindRecords("ReportAssessment", {
  results: assessmentResults,
  weeksSinceSurgery: z
    .number()
    .int()
    .nullable()
    .describe("Whole weeks from the named patient's surgery date to this record (negative before surgery); null when not known"),
});
export type ReportAssessment = z.infer<typeof reportAssessment>;

export const explanationSource = z.enum(["ai", "fallback"]);

/** Who made a report: a signed-in patient (or a caller with no role), staff, or someone without a token. */
export const reportCreator = z.enum(["patient", "staff", "anonymous"]);

export const reportOwners = z.object({
  status: z
    .enum(["single", "mixed", "anonymous", "unstated", "none"])
    .describe(
      "single: every record belongs to one account; mixed: records of more than one account, or of an account and anonymous ones; anonymous: no record belongs to an account; unstated: some records belong to accounts, and whether to one is not said (the report was bundled from codes by someone who does not own them all, and the reader does not either); none: no record is left",
    ),
  accounts: z.number().int().nullable().describe("How many accounts the records belong to; null when unstated"),
  anonymousRecords: z.number().int().describe("How many records belong to no account"),
});
export type ReportOwners = z.infer<typeof reportOwners>;

export const reportPatient = z.object({
  name: z.string().nullable(),
  dateOfBirth: z.iso.date().nullable(),
  surgeryDate: z.iso.date().nullable(),
  surgeryType: z.string().nullable(),
});
export type ReportPatient = z.infer<typeof reportPatient>;

/** The chart heading of a report a clinician made for their patient: who the patient is and who made it. */
export const reportClinical = z.object({
  recordNumber: z.string().describe("The patient's record number in this service (the id FHIR's Patient identifier carries)"),
  diagnosis: z.string().nullable().describe("The diagnosis or injury the profile names"),
  affectedHand: anyHand.nullable(),
  dominantHand: anyHand.nullable(),
  weeksSinceSurgery: z
    .number()
    .int()
    .nullable()
    .describe("Whole weeks from the surgery date to the report's date; null when no surgery date is known"),
  clinician: z.string().nullable().describe("The name of the clinician who made the report, as their sign-in gave it"),
  clinic: z.string().nullable().describe("The clinic whose share let them make it; null for the service admin"),
});
export type ReportClinical = z.infer<typeof reportClinical>;

export const reportView = z.object({
  code: z.string(),
  formattedCode: z.string(),
  title: z
    .string()
    .describe("As its creator gave it: when createdBy is anonymous, show it as the sender's words, not as the report's heading"),
  createdBy: reportCreator.describe(
    "Who made the report: a signed-in patient (or a caller with no role), a care provider or admin, or someone without a token. Only reports the patient or staff made are the patient's FHIR DiagnosticReports",
  ),
  createdAt: z.iso.datetime(),
  patientName: z
    .string()
    .nullable()
    .describe(
      "The owner's name when every record belongs to the person who made the report, or to the patient a clinician made it for; otherwise null",
    ),
  patient: reportPatient
    .nullable()
    .describe(
      "The owner's profile (name, date of birth, surgery) when every record belongs to the person who made the report, or to the patient a clinician made it for; otherwise null",
    ),
  clinical: reportClinical
    .nullable()
    .describe(
      "A report a clinician made for their patient (POST /patients/{id}/reports): the record number, diagnosis, hands, weeks since surgery, the clinician and the clinic, with the patient named in patient; null for every other report",
    ),
  owners: reportOwners,
  viewCount: z.number().int(),
  assessments: z.array(reportAssessment).describe("Oldest first; records that expired since are left out"),
  aiExplanation: z.string().nullable(),
  explanationSource: explanationSource.nullable(),
});
export type ReportView = z.infer<typeof reportView>;
