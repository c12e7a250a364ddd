import { handle } from "@/lib/http/route";
import { listPatients } from "@/lib/patients/list";
import { patientListEndpoint } from "@/lib/patients/schemas";

export const GET = handle(patientListEndpoint, async ({ query }) => listPatients(query), {
  audit: { action: "patient_list", patient: (shown: Awaited<ReturnType<typeof listPatients>>) => shown.patients.map((row) => row.id) },
});
