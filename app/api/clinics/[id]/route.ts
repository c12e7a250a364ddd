import { handle } from "@/lib/http/route";
import { getClinicEndpoint } from "@/lib/clinics/schemas";
import { getClinic } from "@/lib/clinics/service";

export const GET = handle(getClinicEndpoint, async ({ user, params }) => getClinic(user, params.id));
