import { handle } from "@/lib/http/route";
import { listPatients } from "@/lib/patients/list";
import { patientListEndpoint } from "@/lib/patients/schemas";

export const GET = handle(patientListEndpoint, async ({ caller, query }) => listPatients(caller, query));
