// The FHIR API's endpoint contracts. Bodies are FHIR R4 resources (application/fhir+json), whose
// fields FHIR defines: the schemas here name the resource type and document the envelope only.
import { z } from "zod";
import { endpoint, type EndpointResponse } from "@/lib/api/endpoint";
import { wholeNumber } from "@/lib/api/pagination";
import { patientReference } from "@/lib/fhir/search";

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
    total: z.number().int(),
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
const always = [outcome(500, "Internal error"), outcome(503, "The database or the identity provider is unavailable")];
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
    .transform((value) => Math.min(value ?? fallback, 1000))
    .describe(`Page size; default ${fallback}, values over 1000 are clamped to 1000; 0 answers the total only`);

const paging = (fallback: number) => ({
  _count: countParam(fallback),
  _offset: wholeNumber("_offset")
    .optional()
    .transform((value) => value ?? 0)
    .describe("Matches to skip; the Bundle's previous and next links set it"),
});

const patientParam = z
  .string()
  .transform((value, ctx) => {
    const id = patientReference(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "must name a patient: 123 or Patient/123" });
      return z.NEVER;
    }
    return id;
  })
  .describe("The patient: 123 or Patient/123");

export const observationSearchQuery = z.object({
  patient: patientParam,
  code: z
    .string()
    .max(2000)
    .optional()
    .describe("Token(s): code, system|code, system| or |code, separated by commas (see CodeSystem/hand-assessment and docs/fhir.md)"),
  date: z
    .string()
    .max(100)
    .optional()
    .describe("Prefix eq (default), ge, gt, le or lt and a date or time, e.g. ge2024-01-01; repeat the parameter for a range"),
  ...paging(50),
});

export const reportSearchQuery = z.object({ patient: patientParam, ...paging(50) });
export const everythingQuery = z.object(paging(1000));

const badSearch = outcome(400, "A search parameter is missing or invalid (issue[0].expression names it)");
const noPatient = outcome(
  404,
  "No patient with this id that the caller may read (another patient's, one not sharing with the caller's clinics, or none: the same answer)",
);

export const fhirMetadataEndpoint = endpoint({
  method: "GET",
  path: "/fhir/metadata",
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
  summary: "A patient as a FHIR Patient (name, e-mail, birth date, gender where known)",
  tag: TAG,
  auth: "required",
  params: idParams,
  responses: [
    {
      status: 200,
      description: "The Patient",
      schema: resource("Patient", "name, telecom (e-mail), gender, birthDate"),
      contentType: FHIR,
    },
    noPatient,
    ...guarded,
  ],
});

export const fhirOrganizationEndpoint = endpoint({
  method: "GET",
  path: "/fhir/Organization/{id}",
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
function searchEndpoint<Q extends z.ZodType>(type: string, summary: string, query: Q) {
  return endpoint({
    method: "GET",
    path: `/fhir/${type}`,
    summary,
    tag: TAG,
    auth: "required",
    query,
    limits: ["compute"],
    responses: [
      { status: 200, description: `A searchset Bundle of ${type}s`, schema: bundle, contentType: FHIR },
      badSearch,
      noPatient,
      ...guarded,
    ],
  });
}

/** GET /fhir/<type>/{id}: one resource; another patient's, an anonymous one or a missing id alike are 404. */
function readEndpoint(type: string, summary: string, contents: string) {
  return endpoint({
    method: "GET",
    path: `/fhir/${type}/{id}`,
    summary,
    tag: TAG,
    auth: "required",
    params: idParams,
    responses: [
      { status: 200, description: `The ${type}`, schema: resource(type, contents), contentType: FHIR },
      outcome(404, `No ${type} with this id that the caller may read`),
      ...guarded,
    ],
  });
}

export const fhirObservationSearchEndpoint = searchEndpoint(
  "Observation",
  "Search a patient's assessments as Observations, newest first",
  observationSearchQuery,
);
export const fhirObservationEndpoint = readEndpoint(
  "Observation",
  "One assessment as a FHIR Observation",
  "one assessment with its components",
);
export const fhirDiagnosticReportSearchEndpoint = searchEndpoint(
  "DiagnosticReport",
  "Search a patient's reports as DiagnosticReports, newest first",
  reportSearchQuery,
);
export const fhirDiagnosticReportEndpoint = readEndpoint(
  "DiagnosticReport",
  "One report as a FHIR DiagnosticReport (results and the PDF)",
  "result references and the PDF as presentedForm",
);

export const fhirCodeSystemEndpoint = endpoint({
  method: "GET",
  path: "/fhir/CodeSystem/{id}",
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
  summary: "Any other FHIR path (another resource type, history, a write): 404 OperationOutcome",
  tag: TAG,
  auth: "none",
  params: z.object({ path: z.array(z.string()).describe("The rest of the path") }),
  responses: [outcome(404, "Not part of this API (see /fhir/metadata)"), ...always],
});
