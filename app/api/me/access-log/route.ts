import { handle } from "@/lib/http/route";
import { accessLogEndpoint } from "@/lib/clinics/schemas";
import { accessLog } from "@/lib/clinics/service";

export const GET = handle(accessLogEndpoint, async ({ caller, user, query }) => accessLog({ ...caller, user }, query));
