import { handle } from "@/lib/http/route";
import { patientProfileEndpoint } from "@/lib/patients/schemas";
import { readPatientProfile } from "@/lib/patients/service";

export const GET = handle(patientProfileEndpoint, async ({ caller, params }) => readPatientProfile(caller, params.id));
