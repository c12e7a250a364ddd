import { handle } from "@/lib/http/route";
import { patientAssessmentsEndpoint } from "@/lib/patients/schemas";
import { patientAssessments } from "@/lib/patients/service";

export const GET = handle(patientAssessmentsEndpoint, async ({ caller, params, query }) => patientAssessments(caller, params.id, query));
