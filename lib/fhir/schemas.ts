// The FHIR API's endpoint contracts. Bodies are FHIR R4 resources (application/fhir+json), whose
// fields FHIR defines: the schemas here name the resource type and document the envelope only.
import { z } from "zod";
import { endpoint, type EndpointResponse } from "@/lib/api/endpoint";
import { wholeNumber } from "@/lib/api/pagination";
import { DATE_PATTERN, MAX_PAGE_SIZE, PATIENT_REFERENCE, patientReference, SINCE_PATTERN } from "@/lib/fhir/search";

const FHIR = "application/fhir+json";
const TAG = "FHIR R4";

const resource = (type: string, description: string) =>
  z.looseObject({ resourceType: z.literal(type), id: z.string().optional() }).describe(`FHIR R4 ${type}: ${description}`);

const operationOutcome = z
  .looseObject({
    resourceType: z.literal("OperationOutcome"),
    issue: z.array(
      z.looseObject({
        severity: z.string(),
        code: z.string(),
        diagnostics: z.string().optional(),
        expression: z.array(z.string()).optional(),
      }),
    ),
  })
  .describe("FHIR R4 OperationOutcome: the error in issue[0].diagnostics, the offending parameter in issue[0].expression");

const bundle = z
  .looseObject({
    resourceType: z.literal("Bundle"),
    type: z.literal("searchset"),
    total: z.number().int().min(0),
    link: z.array(z.object({ relation: z.string(), url: z.string() })).describe("self, first, previous and next when they exist, last"),
    entry: z.array(z.looseObject({ fullUrl: z.string(), resource: z.looseObject({ resourceType: z.string() }) })).optional(),
  })
  .describe("FHIR R4 searchset Bundle: one page of matches and the total");

export const outcome = (status: number, description: string): EndpointResponse => ({
  status,
  description,
  schema: operationOutcome,
  contentType: FHIR,
});
const always = [
  outcome(
    406,
    "_format or Accept asks for another format (XML, Turtle, HTML) or another FHIR version than R4 (fhirVersion=3.0): this API answers FHIR R4 JSON (application/fhir+json) only",
  ),
  outcome(500, "Internal error"),
  outcome(503, "The database or the identity provider is unavailable"),
];
const guarded = [
  outcome(401, "Token missing, invalid or expired (WWW-Authenticate: Bearer)"),
  outcome(403, 'The token\'s SMART scopes do not cover this resource type (WWW-Authenticate: Bearer error="insufficient_scope")'),
  ...always,
];

/** A FHIR id. Ours are record ids: anything else names no resource (404), as FHIR ids are opaque to clients. */
const fhirId = z
  .string()
  .max(64)
  .transform((value) => (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null))
  .describe("The resource's id");
const idParams = z.object({ id: fhirId });

const countParam = (fallback: number) =>
  wholeNumber("_count")
    .optional()
    .transform((value) => Math.min(value ?? fallback, MAX_PAGE_SIZE))
    .describe(
      `Page size; default ${fallback}, values over ${MAX_PAGE_SIZE} are applied as ${MAX_PAGE_SIZE} (and the Bundle's self link says ${MAX_PAGE_SIZE}); 0 answers the total only`,
    );

const paging = (fallback: number) => ({
  _count: countParam(fallback),
  _offset: wholeNumber("_offset")
    .optional()
    .transform((value) => value ?? 0)
    .describe("Matches to skip; the Bundle's previous and next links set it"),
});

const patientParam = z
  .string()
  .regex(PATIENT_REFERENCE, "must name a patient: 123 or Patient/123")
  .transform((value, ctx) => {
    const id = patientReference(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "must name a patient: 123 or Patient/123" });
      return z.NEVER;
    }
    return id;
  })
  .describe("The patient: 123 or Patient/123");

/** How often a repeatable parameter may appear: a range takes two; more only costs the database. */
const MAX_REPEATS = 4;

/**
 * A repeatable parameter (`date=ge2024-01-01&date=le2024-12-31`): every value must hold. The
 * pattern is documented; the values are read, with messages naming the parameter, by lib/fhir/search.ts.
 */
const repeatable = (name: string, maxLength: number, pattern: string, description: string) =>
  z
    .array(z.string().max(maxLength).meta({ pattern }))
    .max(MAX_REPEATS, `at most ${MAX_REPEATS} ${name} parameters`)
    .optional()
    .describe(description);

/**
 * A comma-separated list of tokens: code, system|code, system| or |code. Each token holds more
 * than white space (lib/fhir/search.ts trims each and refuses an empty one).
 */
export const TOKEN_LIST = "^\\s*[^,\\s][^,]*(,\\s*[^,\\s][^,]*)*$";

const tokenParam = (name: string, description: string) => repeatable(name, 2000, TOKEN_LIST, description);
const dateParam = (name: string, description: string) => repeatable(name, 100, DATE_PATTERN, description);

const idParam = repeatable(
  "_id",
  500,
  TOKEN_LIST,
  "Resource ids separated by commas (any of them; one that is no record id matches nothing)",
);
const lastUpdatedParam = dateParam(
  "_lastUpdated",
  "When the resource last changed (meta.lastUpdated), with a prefix eq (default), ge, gt, le or lt; repeat for a range",
);
/** The `_summary` values a search honours, and the `_sort` orders. */
export const FHIR_SUMMARIES = ["count", "false"] as const;
export const FHIR_SORTS = ["date", "-date"] as const;

const summaryParam = z
  .enum(FHIR_SUMMARIES)
  .optional()
  .describe("count: the total alone (no entries); false: whole resources (the default). Other values are a 400");
const elementsParam = z
  .string()
  .max(500)
  .regex(/^[A-Za-z]\w*(,[A-Za-z]\w*)*$/, "must be element names separated by commas")
  .transform((value) => value.split(","))
  .optional()
  .describe("Only these top-level elements of each resource (and id, meta and the mandatory ones); the resource is tagged SUBSETTED");
const sortParam = (what: string) =>
  z.enum(FHIR_SORTS).optional().describe(`date: oldest first; -date: newest first (the default). Sorts by ${what}`);

export const observationSearchQuery = z.object({
  patient: patientParam,
  code: tokenParam(
    "code",
    "Token(s): code, system|code, system| or |code, separated by commas (see CodeSystem/hand-assessment and docs/fhir.md)",
  ),
  category: tokenParam(
    "category",
    "exam or survey, or http://terminology.hl7.org/CodeSystem/observation-category|exam; separated by commas",
  ),
  date: dateParam("date", "Prefix eq (default), ge, gt, le or lt and a date or time, e.g. ge2024-01-01; repeat the parameter for a range"),
  _id: idParam,
  _lastUpdated: lastUpdatedParam,
  _summary: summaryParam,
  _elements: elementsParam,
  _sort: sortParam("the assessment's time"),
  ...paging(50),
});

export const reportSearchQuery = z.object({
  patient: patientParam,
  _id: idParam,
  _lastUpdated: lastUpdatedParam,
  _summary: summaryParam,
  _elements: elementsParam,
  _sort: sortParam("the report's creation (issued)"),
  ...paging(50),
});

export const patientSearchQuery = z.object({
  identifier: tokenParam("identifier", "system|value or value: the service's patient id under the system <FRONTEND_URL>/fhir/patient-id"),
  name: repeatable(
    "name",
    200,
    "^.+$",
    "Start of any word of the patient's name, case-insensitive; only patients the caller may read are searched",
  ),
  _id: idParam,
  _lastUpdated: lastUpdatedParam,
  _summary: summaryParam,
  _elements: elementsParam,
  ...paging(50),
});

export const everythingQuery = z.object({
  _since: z
    .string()
    .max(100)
    .regex(SINCE_PATTERN, "a year, month, day or time, without a prefix")
    .optional()
    .describe("Only resources changed at or after this time (meta.lastUpdated), e.g. 2024-06-01T00:00:00Z"),
  _type: z
    .string()
    .max(200)
    .regex(/^[A-Z][A-Za-z]*(,[A-Z][A-Za-z]*)*$/, "must be resource types separated by commas")
    .transform((value) => value.split(","))
    .optional()
    .describe("Only these resource types (Patient, Observation, DiagnosticReport), separated by commas"),
  ...paging(1000),
});

const badSearch = outcome(
  400,
  "A parameter is invalid, uses a modifier (never supported), or is not a parameter of this search under Prefer: handling=strict (issue[0].expression names it)",
);

const notModified: EndpointResponse = {
  status: 304,
  description: "Not modified: If-None-Match names the ETag or If-Modified-Since is not before Last-Modified; no body",
};
const noPatient = outcome(
  404,
  "No patient with this id that the caller may read (another patient's, one not sharing with the caller's clinics, or none: the same answer)",
);

export const fhirMetadataEndpoint = endpoint({
  method: "GET",
  path: "/fhir/metadata",
  operationId: "getFhirCapabilityStatement",
  summary: "FHIR CapabilityStatement: what this read-only FHIR R4 API supports",
  tag: TAG,
  auth: "none",
  responses: [
    {
      status: 200,
      description: "The CapabilityStatement",
      schema: resource("CapabilityStatement", "the API's capabilities"),
      contentType: FHIR,
    },
    ...always,
  ],
});

export const fhirPatientEndpoint = endpoint({
  method: "GET",
  path: "/fhir/Patient/{id}",
  operationId: "readFhirPatient",
  summary: "A patient as a FHIR Patient (name, e-mail, birth date, gender where known)",
  tag: TAG,
  auth: "required",
  params: idParams,
  responses: [
    {
      status: 200,
      description: "The Patient",
      schema: resource("Patient", "identifier, name, telecom (e-mail), gender, birthDate, meta.versionId; ETag and Last-Modified headers"),
      contentType: FHIR,
    },
    notModified,
    noPatient,
    ...guarded,
  ],
});

export const fhirOrganizationEndpoint = endpoint({
  method: "GET",
  path: "/fhir/Organization/{id}",
  operationId: "readFhirOrganization",
  summary: "A clinic as a FHIR Organization (its members, the service admin and the patients sharing with it)",
  tag: TAG,
  auth: "required",
  params: idParams,
  responses: [
    { status: 200, description: "The Organization", schema: resource("Organization", "name, type prov"), contentType: FHIR },
    outcome(404, "No such clinic, or the caller is neither a member, the service admin nor a patient sharing with it (the same answer)"),
    ...guarded,
  ],
});

export const fhirEverythingEndpoint = endpoint({
  method: "GET",
  path: "/fhir/Patient/{id}/$everything",
  operationId: "getFhirPatientEverything",
  summary: "Patient/$everything: the Patient, its Observations and DiagnosticReports, paged",
  tag: TAG,
  auth: "required",
  params: idParams,
  query: everythingQuery,
  limits: ["compute"],
  responses: [
    {
      status: 200,
      description: "A searchset Bundle: the Patient, Observations newest first, then DiagnosticReports",
      schema: bundle,
      contentType: FHIR,
    },
    badSearch,
    noPatient,
    ...guarded,
  ],
});

/** GET /fhir/<type>?patient=...: a searchset Bundle. */
function searchEndpoint<Q extends z.ZodType>(operationId: string, type: string, summary: string, query: Q) {
  return endpoint({
    method: "GET",
    path: `/fhir/${type}`,
    operationId,
    summary,
    tag: TAG,
    auth: "required",
    query,
    limits: ["compute"],
    responses: [
      {
        status: 200,
        description: `A searchset Bundle of ${type}s; its self link names the parameters applied`,
        schema: bundle,
        contentType: FHIR,
      },
      badSearch,
      noPatient,
      ...guarded,
    ],
  });
}

/** GET /fhir/<type>/{id}: one resource; another patient's, an anonymous one or a missing id alike are 404. */
function readEndpoint(operationId: string, type: string, summary: string, contents: string) {
  return endpoint({
    method: "GET",
    path: `/fhir/${type}/{id}`,
    operationId,
    summary,
    tag: TAG,
    auth: "required",
    params: idParams,
    responses: [
      { status: 200, description: `The ${type}; ETag and Last-Modified headers`, schema: resource(type, contents), contentType: FHIR },
      notModified,
      outcome(404, `No ${type} with this id that the caller may read`),
      ...guarded,
    ],
  });
}

export const fhirObservationSearchEndpoint = searchEndpoint(
  "searchFhirObservations",
  "Observation",
  "Search a patient's assessments as Observations, newest first",
  observationSearchQuery,
);
export const fhirObservationEndpoint = readEndpoint(
  "readFhirObservation",
  "Observation",
  "One assessment as a FHIR Observation",
  "one assessment with its components",
);
export const fhirDiagnosticReportSearchEndpoint = searchEndpoint(
  "searchFhirDiagnosticReports",
  "DiagnosticReport",
  "Search a patient's reports as DiagnosticReports, newest first",
  reportSearchQuery,
);
export const fhirDiagnosticReportEndpoint = readEndpoint(
  "readFhirDiagnosticReport",
  "DiagnosticReport",
  "One report as a FHIR DiagnosticReport (results and the PDF)",
  "result references and the PDF as presentedForm",
);

export const fhirPatientSearchEndpoint = endpoint({
  method: "GET",
  path: "/fhir/Patient",
  operationId: "searchFhirPatients",
  summary: "Search patients by identifier, name, id or last change: only patients the caller may read",
  tag: TAG,
  auth: "required",
  query: patientSearchQuery,
  limits: ["compute"],
  responses: [
    {
      status: 200,
      description: "A searchset Bundle of the matching Patients the caller may read (a patient: only themselves)",
      schema: bundle,
      contentType: FHIR,
    },
    badSearch,
    ...guarded,
  ],
});

export const fhirBinaryEndpoint = endpoint({
  method: "GET",
  path: "/fhir/Binary/{id}",
  operationId: "readFhirBinary",
  summary: "A DiagnosticReport's PDF (its presentedForm.url): Binary/<report id>, under the report's access rule",
  tag: TAG,
  auth: "required",
  params: idParams,
  limits: ["pdf"],
  responses: [
    { status: 200, description: "The PDF (Content-Type application/pdf)", contentType: "application/pdf" },
    outcome(404, "No report with this id that the caller may read"),
    outcome(429, "Too many PDFs requested, or the PDF queue is full: retry after Retry-After seconds"),
    ...guarded,
  ],
});

export const fhirCodeSystemEndpoint = endpoint({
  method: "GET",
  path: "/fhir/CodeSystem/{id}",
  operationId: "readFhirCodeSystem",
  summary: "This service's CodeSystem (hand-assessment): every code without a standard equivalent",
  tag: TAG,
  auth: "none",
  params: z.object({ id: z.string().max(64).describe("hand-assessment") }),
  responses: [
    { status: 200, description: "The CodeSystem", schema: resource("CodeSystem", "this service's codes"), contentType: FHIR },
    outcome(404, "No CodeSystem with this id"),
    ...always,
  ],
});

/** Last: the contract checker takes the first endpoint whose path matches. */
export const fhirUnsupportedEndpoint = endpoint({
  method: "GET",
  path: "/fhir/{path}",
  operationId: "rejectUnsupportedFhirInteraction",
  summary: "Any other FHIR path (another resource type, history, a write): 404 OperationOutcome",
  tag: TAG,
  auth: "none",
  params: z.object({ path: z.array(z.string().min(1)).min(1).describe("The rest of the path") }),
  responses: [outcome(404, "Not part of this API (see /fhir/metadata)"), ...always],
});
