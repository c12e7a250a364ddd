// FHIR Bulk Data export's contracts (Bulk Data Access IG 2.0): the three kick-offs, the status
// endpoint (poll, cancel) and the NDJSON files.
import { z } from "zod";
import { endpoint, type EndpointResponse } from "@/lib/api/endpoint";

const FHIR = "application/fhir+json";
const TAG = "FHIR R4";

/** The resource types an export writes, in the order of the manifest. */
export const EXPORT_TYPES = ["Patient", "Observation", "DiagnosticReport"] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The IG's NDJSON format and the aliases it tells servers to accept. */
export const NDJSON_FORMATS = ["application/fhir+ndjson", "application/ndjson", "ndjson"] as const;

const operationOutcome = z
  .looseObject({
    resourceType: z.literal("OperationOutcome"),
    issue: z.array(z.looseObject({ severity: z.string(), code: z.string(), diagnostics: z.string().optional() })),
  })
  .describe("FHIR R4 OperationOutcome: the error in issue[0].diagnostics, the offending parameter in issue[0].expression");

const outcome = (status: number, description: string): EndpointResponse => ({
  status,
  description,
  schema: operationOutcome,
  contentType: FHIR,
});
const guarded = [
  outcome(401, "Token missing, invalid or expired"),
  outcome(500, "Internal error"),
  outcome(503, "The database or the identity provider is unavailable"),
];

const unsupported = (name: string) =>
  z
    .never({ error: `${name} is not supported by this server` })
    .optional()
    .describe(`Not supported: a request naming it is refused (400) rather than answered with more than was asked`);

/** A day or an instant with its zone; every value it admits is a date JavaScript reads (a day past the month's end rolls over). */
const INSTANT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/;

/** Exported types separated by commas, blanks around each allowed. */
const TYPE_LIST = new RegExp(`^\\s*(${EXPORT_TYPES.join("|")})\\s*(,\\s*(${EXPORT_TYPES.join("|")})\\s*)*$`);

export const kickOffQuery = z.object({
  _outputFormat: z
    .enum(NDJSON_FORMATS)
    .optional()
    .describe("application/fhir+ndjson (the default; application/ndjson and ndjson are accepted)"),
  _type: z
    .string()
    .max(200)
    .regex(TYPE_LIST, `must be resource types separated by commas; this server exports ${EXPORT_TYPES.join(", ")}`)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return null;
      const types = [...new Set(value.split(",").map((type) => type.trim()))];
      const unknown = types.filter((type) => !(EXPORT_TYPES as readonly string[]).includes(type));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `unsupported resource type(s) ${unknown.join(", ")}; this server exports ${EXPORT_TYPES.join(", ")}`,
        });
        return z.NEVER;
      }
      return EXPORT_TYPES.filter((type) => types.includes(type));
    })
    .describe(
      `Resource types, comma-separated: ${EXPORT_TYPES.join(", ")} (default: every one of them the token may search). A SMART token naming a type its scopes do not let it search is refused (403)`,
    ),
  _since: z
    .string()
    .max(40)
    .regex(INSTANT, "must be a FHIR instant, e.g. 2026-01-01T00:00:00Z")
    .optional()
    .transform((value) => (value === undefined ? null : new Date(value)))
    .describe("Only resources created or changed after this instant"),
  _typeFilter: unsupported("_typeFilter"),
  _elements: unsupported("_elements"),
  patient: unsupported("patient"),
  includeAssociatedData: unsupported("includeAssociatedData"),
});

/** The kick-off's required header: RFC 7240's respond-async preference, named in any case, among others or alone. */
const kickOffHeaders = z.object({
  Prefer: z
    .string()
    .max(1000)
    .regex(
      /(^|[\s,;])[Rr][Ee][Ss][Pp][Oo][Nn][Dd]-[Aa][Ss][Yy][Nn][Cc]($|[\s,;])/,
      "Bulk export is asynchronous: send Prefer: respond-async",
    )
    .describe("respond-async (required: the export runs in the background)"),
});

const kickOffResponses = [
  {
    status: 202,
    description:
      "Accepted: the export runs in the background; poll the status URL in Content-Location (with the same token) until it answers 200 with the manifest",
  },
  outcome(400, "Prefer: respond-async missing, or a parameter invalid or unsupported (issue[0].expression names it)"),
  ...guarded,
  outcome(
    403,
    'A SMART token asking for a type its scopes do not let it search, or granting no exported type at all (WWW-Authenticate: error="insufficient_scope"); at system level, neither the service admin nor a backend service with system/*.rs',
  ),
  outcome(
    429,
    "Over an allowance (Retry-After): an export of the caller's is still running (cancel it or wait); the caller holds BULK_EXPORT_MAX_KEPT exports, finished ones included (delete one or wait for it to expire); the caller started BULK_EXPORT_KICKOFFS_PER_DAY today; or the service runs as many exports of this kind (patients' own, or clinics' and the service's) as it allows at once",
  ),
] as const;

export const bulkExportPatientsEndpoint = endpoint({
  method: "GET",
  path: "/fhir/Patient/$export",
  operationId: "startPatientBulkExport",
  summary: "Bulk export of every patient the caller may read (Patient-level $export, asynchronous)",
  description:
    "FHIR Bulk Data kick-off (Prefer: respond-async). Each type's file holds the patients a FHIR search of that type would return: the caller's own record for a patient, the patients sharing with the clinician's clinics, every patient for the service admin or a backend service (system/*.rs); a SMART token's scopes narrow it as they narrow a search (patient/ scopes: the token's patient context only). Every exported patient gets an audit row.",
  tag: TAG,
  auth: "required",
  query: kickOffQuery,
  limits: ["bulk-export"],
  headers: kickOffHeaders,
  responses: [...kickOffResponses],
});

export const bulkExportGroupEndpoint = endpoint({
  method: "GET",
  path: "/fhir/Group/{id}/$export",
  operationId: "startGroupBulkExport",
  summary: "Bulk export of a clinic's shared patients (Group-level $export; the Group id is the clinic's id)",
  description:
    "FHIR Bulk Data kick-off (Prefer: respond-async). For the clinic's members, the service admin and backend services (system/*.rs); anyone else finds no such Group (404).",
  tag: TAG,
  auth: "required",
  params: z.object({ id: z.string().max(64).describe("The clinic's id") }),
  query: kickOffQuery,
  limits: ["bulk-export"],
  headers: kickOffHeaders,
  responses: [...kickOffResponses, outcome(404, "No clinic with this id of which the caller is a member")],
});

export const bulkExportSystemEndpoint = endpoint({
  method: "GET",
  path: "/fhir/$export",
  operationId: "startSystemBulkExport",
  summary: "Bulk export of every patient (system-level $export): the service admin or a backend service only",
  description:
    "FHIR Bulk Data kick-off (Prefer: respond-async), for the service admin or a backend service's client-credentials token whose scope holds system/*.rs (or system/*.read).",
  tag: TAG,
  auth: "required",
  query: kickOffQuery,
  limits: ["bulk-export"],
  headers: kickOffHeaders,
  responses: [...kickOffResponses],
});

const exportIdParams = z.object({ id: z.string().max(64).describe("The export's id (from the kick-off's Content-Location)") });

export const manifest = z
  .object({
    transactionTime: z.string().describe("When the export started: the _since of the next incremental export"),
    request: z.string().describe("The kick-off's URL"),
    requiresAccessToken: z.literal(true).describe("Files are fetched with the requester's token"),
    output: z.array(
      z.object({
        type: z.string().describe("The resource type of every line of the file"),
        url: z.string().describe("The NDJSON file"),
        count: z.number().int().describe("Resources (lines) in the file"),
      }),
    ),
    error: z.array(z.object({ type: z.string(), url: z.string() })).describe("Always empty: a failed export answers a 500 instead"),
  })
  .describe("The Bulk Data manifest");

const withdrawn = outcome(
  403,
  "The caller may no longer read some of the exported patients (removed from the clinic, or the patient stopped sharing with it): the export is withdrawn and its files deleted. Or a SMART token whose scopes do not cover the file's type",
);

const notYours = outcome(404, "No export with this id by the caller (another's, cancelled, expired or unknown: the same answer)");

export const bulkExportStatusEndpoint = endpoint({
  method: "GET",
  path: "/fhir/bulk-export/{id}",
  operationId: "getBulkExportStatus",
  summary: "A bulk export's status: 202 while it runs (X-Progress, Retry-After), then 200 with the manifest",
  tag: TAG,
  auth: "required",
  params: exportIdParams,
  responses: [
    { status: 200, description: "Complete: the manifest", schema: manifest },
    { status: 202, description: "Still queued or running: X-Progress says how far, Retry-After when to ask again" },
    notYours,
    outcome(401, "Token missing, invalid or expired"),
    withdrawn,
    outcome(500, "The export failed (issue[0].diagnostics says why, e.g. a restart of the service interrupted it): start it again"),
    outcome(503, "The database or the identity provider is unavailable"),
  ],
});

export const bulkExportCancelEndpoint = endpoint({
  method: "DELETE",
  path: "/fhir/bulk-export/{id}",
  operationId: "cancelBulkExport",
  summary: "Cancels a bulk export, or deletes a finished one's files",
  tag: TAG,
  auth: "required",
  params: exportIdParams,
  responses: [{ status: 202, description: "Cancelled: the export and its files are gone" }, notYours, ...guarded],
});

export const bulkExportFileEndpoint = endpoint({
  method: "GET",
  path: "/fhir/bulk-export/{id}/{file}",
  operationId: "downloadBulkExportFile",
  summary: "One NDJSON file of a complete bulk export (with the requester's token)",
  tag: TAG,
  auth: "required",
  params: exportIdParams.extend({ file: z.string().max(32).describe("The file's number in the manifest's urls") }),
  limits: ["bulk-download"],
  responses: [
    { status: 200, description: "The file: one FHIR resource per line", contentType: "application/fhir+ndjson" },
    outcome(404, "No such file of a complete export by the caller"),
    withdrawn,
    outcome(429, "Over the caller's allowance of downloads (BULK_EXPORT_DOWNLOADS_PER_HOUR; Retry-After)"),
    ...guarded,
  ],
});
