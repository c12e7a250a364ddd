// GET /metadata: the CapabilityStatement, listing exactly what this API does (and nothing more).
import type { CapabilityStatement, CapabilityStatementRestSecurity } from "@medplum/fhirtypes";
import { SERVICE_VERSION } from "@/lib/version";

/** When the statement below last changed. */
const PUBLISHED = "2026-11-23";

const searchParam = (
  name: string,
  type: "reference" | "token" | "date" | "number",
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

/** FHIR Bulk Data export (lib/fhir/bulk): asynchronous, NDJSON files of Patient, Observation and DiagnosticReport. */
const BULK_EXPORT = (operation: string, documentation: string) => ({
  name: "export",
  definition: `http://hl7.org/fhir/uv/bulkdata/OperationDefinition/${operation}`,
  documentation: `Bulk Data export (Prefer: respond-async; _type, _since): ${documentation}`,
});

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
        resource: [
          {
            type: "Patient",
            interaction: [{ code: "read" }],
            operation: [
              {
                name: "everything",
                definition: "http://hl7.org/fhir/OperationDefinition/Patient-everything",
                documentation:
                  "The Patient, its Observations and DiagnosticReports; paged with _count (default and at most 1000) and _offset",
              },
              BULK_EXPORT("patient-export", "Every patient the caller may read"),
            ],
          },
          {
            type: "Observation",
            interaction: [{ code: "read" }, { code: "search-type" }],
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
              COUNT,
              OFFSET,
            ],
          },
          {
            type: "DiagnosticReport",
            interaction: [{ code: "read" }, { code: "search-type" }],
            searchParam: [PATIENT, COUNT, OFFSET],
          },
          {
            type: "Organization",
            interaction: [{ code: "read" }],
            documentation:
              "A clinic: read by its members, the service admin and the patients sharing with it; a Patient's managingOrganization",
          },
          { type: "CodeSystem", interaction: [{ code: "read" }] },
          { type: "Group", operation: [BULK_EXPORT("group-export", "A clinic's shared patients: the Group id is the clinic's id")] },
        ],
        operation: [BULK_EXPORT("export", "Every patient: the service admin or a backend service (system/*.rs)")],
      },
    ],
  };
}
