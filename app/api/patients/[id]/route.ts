import { handle } from "@/lib/http/route";
import { patientProfile } from "@/lib/patients/profile";
import { patientProfileEndpoint } from "@/lib/patients/schemas";

export const GET = handle(patientProfileEndpoint, async ({ params }) => patientProfile(params.id), {
  audit: { action: "read_profile", patient: "params.id" },
});
