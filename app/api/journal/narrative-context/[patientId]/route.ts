import { handle } from "@/lib/api/route";
import { narrativeContext } from "@/lib/journal/context";
import { narrativeContextEndpoint } from "@/lib/journal/schemas";

export const GET = handle(narrativeContextEndpoint, async ({ params, caller }) => narrativeContext(params.patientId, caller));
