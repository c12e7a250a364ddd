import { handle } from "@/lib/http/route";
import { patientAssessmentsEndpoint } from "@/lib/patients/schemas";
import { patientAssessments } from "@/lib/patients/service";

export const GET = handle(patientAssessmentsEndpoint, async ({ user, params, query }) => patientAssessments(user, params.id, query), {
  audit: { action: "read_assessments", patient: "params.id" },
});
