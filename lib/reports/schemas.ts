import { z } from "zod";
import { text } from "@/lib/api/text";
import { endpoint } from "@/lib/api/endpoint";
import { idParam } from "@/lib/api/pagination";
import { CODE_ALPHABET, CODE_INPUT_PATTERN, codeSchema, normalizeCode } from "@/lib/codes";
import { localeField, timeZoneField } from "@/lib/report-view/clock-fields";
import { explanationSource, reportView } from "@/lib/report-view/schemas";

/** Spec, "Limits": a report bundles 1 to 20 assessment codes. */
export const MAX_REPORT_ASSESSMENTS = 20;

/**
 * 1-20 codes in any case, dash optional; normalized, duplicates collapsed, order kept. Every
 * problem is reported on the field itself (not an item path), naming the offending entries.
 */
export const assessmentCodesInput = z
  // The items are checked (and named in the error) by the transform below; the reference shows their form.
  .array(z.unknown().meta({ type: "string", pattern: CODE_INPUT_PATTERN.source }), {
    error: (issue) => (issue.input === undefined ? "is required" : "must be an array of assessment codes"),
  })
  .min(1, "must name at least one assessment code")
  .max(MAX_REPORT_ASSESSMENTS, `at most ${MAX_REPORT_ASSESSMENTS} assessment codes per report`)
  .transform((codes, ctx) => {
    const normalized = codes.map((code) => (typeof code === "string" ? normalizeCode(code) : null));
    const malformed = codes.filter((_, i) => !normalized[i]);
    if (malformed.length) {
      ctx.addIssue({
        code: "custom",
        message: `malformed code(s) ${malformed.map((c) => String(JSON.stringify(c)).slice(0, 24)).join(", ")}: codes are 6 characters from ${CODE_ALPHABET} (dash optional, e.g. ABC-234)`,
      });
      return z.NEVER;
    }
    return [...new Set(normalized as string[])];
  });

export const createReportInput = z.object({
  title: text({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .trim()
    .min(1, "must not be empty")
    .max(200),
  assessmentCodes: assessmentCodesInput,
});
export type CreateReportInput = z.output<typeof createReportInput>;

const resultId = z.number().int().positive().max(2_147_483_647);
const day = z.iso.date("must be a date, YYYY-MM-DD");

/**
 * A clinician's report for their patient: chosen results by id, or every result within a range of
 * UTC calendar days (both ends included), and an optional title.
 */
export const createPatientReportInput = z
  .strictObject({
    title: text({ error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(200)
      .optional()
      .describe("The report's heading; a plain one in the caller's language when left out"),
    assessmentIds: z
      .array(resultId, { error: "must be an array of result ids" })
      .min(1, "must name at least one result")
      .max(MAX_REPORT_ASSESSMENTS, `at most ${MAX_REPORT_ASSESSMENTS} results per report`)
      .transform((ids) => [...new Set(ids)])
      .optional()
      .describe(`1-${MAX_REPORT_ASSESSMENTS} ids of the patient's results, in the order wanted (duplicates collapse)`),
    from: day.optional().describe("With to: every result from this UTC day on"),
    to: day.optional().describe("With from: every result up to the end of this UTC day"),
  })
  .superRefine((input, ctx) => {
    const range = input.from !== undefined || input.to !== undefined;
    if (input.assessmentIds && range) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "give either assessmentIds or from and to, not both" });
    } else if (!input.assessmentIds && !range) {
      ctx.addIssue({ code: "custom", path: ["assessmentIds"], message: "give assessmentIds, or from and to" });
    } else if (range && input.from === undefined) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "is required with to" });
    } else if (range && input.to === undefined) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "is required with from" });
    } else if (range && input.from! > input.to!) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
    }
  });
export type CreatePatientReportInput = z.output<typeof createPatientReportInput>;

export const patientReportParams = z.object({ id: idParam.describe("Patient contact id") });

export const reportCodeParams = z.object({
  code: codeSchema.describe("The report's sharing code, e.g. ABC-234 (any case, dash optional)"),
});

export const createdReport = z.object({
  code: z.string().describe("Undashed report code"),
  formattedCode: z.string().describe("Dashed form, AAA-BBB"),
  title: z.string(),
  createdAt: z.iso.datetime(),
  assessmentCount: z.number().int(),
});

export const emailReportInput = z.object({
  to: z.email("must be a valid e-mail address").max(320),
  timeZone: timeZoneField.optional(),
  locale: localeField.optional(),
});

/** Whose clock the PDF's dates are on: the report page sends its browser's. */
export const reportPdfQuery = z.object({
  timeZone: timeZoneField.optional(),
  locale: localeField.optional(),
});

export const emailReportResponse = z.object({
  success: z.boolean(),
  sent: z.boolean().describe("false when e-mail is not configured on this server (nothing was sent)"),
  message: z.string(),
});

export const explanationResponse = z.object({
  explanation: z.string(),
  source: explanationSource,
});

const tag = "Reports";

/** A token is never required; when one is sent it names the reader in the audit trail (a patient reading their own report leaves no row). */
const reader = "optional" as const;

/** lib/pdf/pool.ts: PDFs render in a bounded pool of worker threads, fed by a queue per client. */
const pdfUnavailable = {
  status: 503,
  description:
    "The PDF could not be made now: code PDF_BUSY when every PDF worker is busy and the caller's queue (PDF_QUEUE_PER_CLIENT) or the whole queue (PDF_QUEUE) is full, PDF_TIMEOUT when the render ran over PDF_RENDER_TIMEOUT_MS and was stopped; Retry-After says when to try again",
};

export const createReportEndpoint = endpoint({
  method: "POST",
  path: "/reports",
  operationId: "createReport",
  requestExample: { title: "Six-week review", assessmentCodes: ["ABC-234", "DEF-567"] },
  summary: "Bundle 1-20 assessments (by code) into a shareable report; linked to the caller when a token is sent",
  tag,
  auth: "optional",
  body: createReportInput,
  limits: ["anonymous-write", "codes"],
  responses: [
    { status: 200, description: "Created", schema: createdReport },
    {
      status: 400,
      description:
        "title missing or empty; assessmentCodes missing, empty, over 20 or malformed (field names the input), or naming unknown, expired or unshareable assessments (one message for every such batch: neither how many nor which)",
    },
  ],
});

export const createPatientReportEndpoint = endpoint({
  method: "POST",
  path: "/patients/{id}/reports",
  operationId: "createPatientReport",
  requestExample: { title: "Six-week review", from: "2026-10-01", to: "2026-11-15" },
  summary:
    "Make a report of a patient's results (chosen ids, or a date range) headed with their name and clinical context, as staff who may read them (care-team rule; audited)",
  tag,
  auth: { roles: ["care_provider", "admin"] },
  params: patientReportParams,
  body: createPatientReportInput,
  limits: ["write", "patient-report"],
  responses: [
    { status: 201, description: "Created; its code opens it at /r/CODE like any report", schema: createdReport },
    {
      status: 400,
      description: `assessmentIds empty, over ${MAX_REPORT_ASSESSMENTS} or naming an id that is not one of this patient's results (unknown and other patients' ids alike); from/to missing, malformed, reversed, or a range with no result or over ${MAX_REPORT_ASSESSMENTS}; title empty or over 200 characters (field names which)`,
    },
    { status: 401, description: "Token missing, invalid or expired" },
    { status: 403, description: "A patient token (staff make these reports; a patient bundles their own with POST /reports)" },
    { status: 404, description: "No such patient, or the caller may not read them (care-team rule)" },
  ],
});

export const getReportEndpoint = endpoint({
  method: "GET",
  path: "/reports/{code}",
  operationId: "getReport",
  summary: "A report with its assessments' snapshots; counts a view",
  tag,
  auth: reader,
  params: reportCodeParams,
  limits: ["code"],
  responses: [
    { status: 200, description: "The report", schema: reportView },
    { status: 400, description: "Malformed code" },
    { status: 404, description: "No report has this code" },
  ],
});

export const reportPdfEndpoint = endpoint({
  method: "GET",
  path: "/reports/{code}/pdf",
  operationId: "getReportPdf",
  summary:
    "The report as a printable A4 PDF in the language Accept-Language asks for (English or Spanish; attachment hand-report-AAA-BBB.pdf)",
  tag,
  auth: reader,
  params: reportCodeParams,
  query: reportPdfQuery,
  limits: ["code", "pdf"],
  responses: [
    {
      status: 200,
      description: "PDF bytes (in development only, the X-Pdf-Cache header says hit or miss: whether the same document was made before)",
      contentType: "application/pdf",
    },
    { status: 400, description: "Malformed code, or a timeZone or locale that is not one (field names which)" },
    { status: 404, description: "No report has this code" },
    pdfUnavailable,
  ],
});

export const emailReportEndpoint = endpoint({
  method: "POST",
  path: "/reports/{code}/email",
  operationId: "emailReport",
  requestExample: { to: "therapist@example.com", timeZone: "Europe/Madrid", locale: "es-ES" },
  summary: "E-mail the report's PDF and its share link to an address",
  tag,
  auth: reader,
  params: reportCodeParams,
  limits: ["code", "mail", "pdf"],
  body: emailReportInput,
  responses: [
    { status: 200, description: "Sent, or sent: false when e-mail is not configured", schema: emailReportResponse },
    { status: 400, description: "Invalid address, timeZone or locale, or malformed code (field names which)" },
    { status: 404, description: "No report has this code" },
    { status: 500, description: "The mail service failed to send the message" },
    pdfUnavailable,
  ],
});

export const explainReportEndpoint = endpoint({
  method: "POST",
  path: "/reports/{code}/explain",
  operationId: "explainReport",
  summary: "A plain-language explanation of the report (language model, or a template when it is unavailable); stored on the report",
  tag,
  auth: reader,
  params: reportCodeParams,
  limits: ["code", "ai"],
  responses: [
    { status: 200, description: "The explanation and where it came from", schema: explanationResponse },
    { status: 400, description: "Malformed code" },
    { status: 404, description: "No report has this code" },
  ],
});
