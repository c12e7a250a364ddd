import { handle } from "@/lib/http/route";
import { clinicByCodeEndpoint } from "@/lib/clinics/schemas";
import { clinicByJoinCode } from "@/lib/clinics/service";

export const GET = handle(clinicByCodeEndpoint, async ({ params }) => clinicByJoinCode(params.joinCode));
