// GET /metadata: the CapabilityStatement, listing exactly what this API does (and nothing more).
import type { CapabilityStatement, CapabilityStatementRestResource, CapabilityStatementRestSecurity } from "@medplum/fhirtypes";
import { SERVICE_VERSION } from "@/lib/version";

/** When the statement below last changed. */
const PUBLISHED = "2026-11-23";

const searchParam = (
  name: string,
  type: "reference" | "token" | "date" | "number" | "string",
  definition: string | undefined,
  documentation: string,
) => ({
  name,
  type,
  ...(definition ? { definition } : {}),
  documentation,
});

const COUNT = searchParam("_count", "number", undefined, "Page size: default 50, at most 1000 (0 answers the total only)");
const OFFSET = searchParam("_offset", "number", undefined, "Matches to skip; the Bundle's next and previous links set it");
const PATIENT = searchParam("patient", "reference", "http://hl7.org/fhir/SearchParameter/clinical-patient", "Required: 123 or Patient/123");
const ID = searchParam("_id", "token", "http://hl7.org/fhir/SearchParameter/Resource-id", "Ids separated by commas");
const LAST_UPDATED = searchParam(
  "_lastUpdated",
  "date",
  "http://hl7.org/fhir/SearchParameter/Resource-lastUpdated",
  "meta.lastUpdated; prefixes eq (default), ge, gt, le, lt; repeat for a range",
);
/** Every resource with a read: versioned (meta.versionId, weak ETag), conditional reads answer 304. */
const READ = { versioning: "versioned" as const, readHistory: false, conditionalRead: "full-support" as const };
const RESULTS =
  "Also _summary=count (the total alone), _elements (top-level elements, tagged SUBSETTED). Unknown parameters are ignored and left out of the self link, or a 400 under Prefer: handling=strict; modifiers are a 400.";

/** FHIR Bulk Data export (lib/fhir/bulk): asynchronous, NDJSON files of Patient, Observation and DiagnosticReport. */
const BULK_EXPORT = (operation: string, documentation: string) => ({
  name: "export",
  definition: `http://hl7.org/fhir/uv/bulkdata/OperationDefinition/${operation}`,
  documentation: `Bulk Data export (Prefer: respond-async; _type, _since): ${documentation}`,
});

/** Patients: read, search by identifier or name, $everything and the bulk export of every patient. */
const PATIENT_RESOURCE: CapabilityStatementRestResource = {
  type: "Patient",
  ...READ,
  interaction: [{ code: "read" }, { code: "search-type" }],
  documentation: `Search answers only the patients the caller may read. ${RESULTS}`,
  searchParam: [
    searchParam(
      "identifier",
      "token",
      "http://hl7.org/fhir/SearchParameter/Patient-identifier",
      "system|value: the system <service>/fhir/patient-id and the patient's id",
    ),
    searchParam("name", "string", "http://hl7.org/fhir/SearchParameter/Patient-name", "Start of any word of the name, case-insensitive"),
    ID,
    LAST_UPDATED,
    COUNT,
    OFFSET,
  ],
  operation: [
    {
      name: "everything",
      definition: "http://hl7.org/fhir/OperationDefinition/Patient-everything",
      documentation:
        "The Patient, its Observations and DiagnosticReports; _since (meta.lastUpdated at or after), _type (types separated by commas); paged with _count (default and at most 1000) and _offset",
    },
    BULK_EXPORT("patient-export", "Every patient the caller may read"),
  ],
};

/** Assessments as Observations: read, and search by patient, code, date and category. */
const OBSERVATION_RESOURCE: CapabilityStatementRestResource = {
  type: "Observation",
  ...READ,
  interaction: [{ code: "read" }, { code: "search-type" }],
  documentation: `_sort=date (oldest first) or -date (newest first, the default). ${RESULTS}`,
  searchParam: [
    PATIENT,
    searchParam(
      "code",
      "token",
      "http://hl7.org/fhir/SearchParameter/clinical-code",
      "code, system|code, system| or |code; several separated by commas",
    ),
    searchParam(
      "date",
      "date",
      "http://hl7.org/fhir/SearchParameter/clinical-date",
      "Prefixes eq (default), ge, gt, le, lt; repeat for a range",
    ),
    searchParam(
      "category",
      "token",
      "http://hl7.org/fhir/SearchParameter/Observation-category",
      "exam or survey (observation-category); several separated by commas",
    ),
    ID,
    LAST_UPDATED,
    COUNT,
    OFFSET,
  ],
};

/** Reports, their PDFs, clinics, the code system and the clinic groups' bulk export. */
const OTHER_RESOURCES: CapabilityStatementRestResource[] = [
  {
    type: "DiagnosticReport",
    ...READ,
    interaction: [{ code: "read" }, { code: "search-type" }],
    documentation: `presentedForm.url is the PDF's Binary read. _sort=date or -date (by issued). ${RESULTS}`,
    searchParam: [PATIENT, ID, LAST_UPDATED, COUNT, OFFSET],
  },
  {
    type: "Binary",
    interaction: [{ code: "read" }],
    documentation: "A DiagnosticReport's PDF (application/pdf), Binary/<report id>, under the report's access rule",
  },
  {
    type: "Organization",
    interaction: [{ code: "read" }],
    documentation: "A clinic: read by its members, the service admin and the patients sharing with it; a Patient's managingOrganization",
  },
  { type: "CodeSystem", interaction: [{ code: "read" }] },
  { type: "Group", operation: [BULK_EXPORT("group-export", "A clinic's shared patients: the Group id is the clinic's id")] },
];

/**
 * `base` is the API's address as the caller reached it, e.g. https://clinic.example/api/fhir;
 * `security` the SMART service (lib/fhir/smart.ts).
 */
export function capabilityStatement(base: string, security: CapabilityStatementRestSecurity): CapabilityStatement {
  return {
    resourceType: "CapabilityStatement",
    status: "active",
    date: PUBLISHED,
    publisher: "Hand Assessment Service",
    kind: "instance",
    software: { name: "Hand Assessment Service", version: SERVICE_VERSION },
    implementation: { description: "Read-only FHIR R4 API of the hand assessment service", url: base },
    fhirVersion: "4.0.1",
    instantiates: ["http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data"],
    format: ["application/fhir+json", "json"],
    rest: [
      {
        mode: "server",
        documentation:
          "Read-only. Assessments are Observations, reports DiagnosticReports; codes without a standard equivalent are in CodeSystem/hand-assessment. Searches answer newest first.",
        security,
        resource: [PATIENT_RESOURCE, OBSERVATION_RESOURCE, ...OTHER_RESOURCES],
        operation: [BULK_EXPORT("export", "Every patient: the service admin or a backend service (system/*.rs)")],
      },
    ],
  };
}
