import { handle, Reply } from "@/lib/http/route";
import { createClinicEndpoint, listClinicsEndpoint } from "@/lib/clinics/schemas";
import { createClinic, listClinics } from "@/lib/clinics/service";

export const POST = handle(createClinicEndpoint, async ({ user, body }) => new Reply(201, await createClinic(user, body)));
export const GET = handle(listClinicsEndpoint, async ({ user }) => listClinics(user));
