// Every endpoint contract of the API, collected from the domains' schemas modules. The
// OpenAPI test fails when a route file exists whose endpoint is missing here.
import type { Endpoint } from "@/lib/api/endpoint";
import { kindSubmissionEndpoints } from "@/lib/assessments/kinds/contracts";
import * as records from "@/lib/assessments/records";
import * as assessments from "@/lib/assessments/schemas";
import * as audit from "@/lib/audit/schemas";
import * as billing from "@/lib/billing/schemas";
import * as clinics from "@/lib/clinics/schemas";
import * as biomechanics from "@/lib/biomechanics/schemas";
import * as fhir from "@/lib/fhir/schemas";
import * as goals from "@/lib/goals/schemas";
import * as smart from "@/lib/fhir/smart-schemas";
import * as fhirBulk from "@/lib/fhir/bulk/schemas";
import * as health from "@/lib/health/schemas";
import * as journal from "@/lib/journal/schemas";
import * as leads from "@/lib/leads/schemas";
import * as notes from "@/lib/notes/schemas";
import * as lookup from "@/lib/lookup/schemas";
import * as openapi from "@/lib/openapi/schemas";
import * as patients from "@/lib/patients/schemas";
import * as reminders from "@/lib/reminders/schemas";
import * as reports from "@/lib/reports/schemas";
import * as speech from "@/lib/speech/schemas";

const modules: Record<string, unknown>[] = [
  health,
  assessments,
  kindSubmissionEndpoints,
  records,
  lookup,
  patients,
  goals,
  clinics,
  journal,
  notes,
  reminders,
  reports,
  biomechanics,
  speech,
  billing,
  leads,
  audit,
  // Before fhir, whose catch-all /fhir/{path} comes last (its last endpoint matches these paths too).
  smart,
  fhirBulk,
  fhir,
  openapi,
];

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === "object" && value !== null && "method" in value && "path" in value && "responses" in value && "auth" in value;
}

export const allEndpoints: Endpoint[] = modules.flatMap((module) => Object.values(module).filter(isEndpoint));
