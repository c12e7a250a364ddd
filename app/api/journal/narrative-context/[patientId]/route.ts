import { handle } from "@/lib/http/route";
import { narrativeContext } from "@/lib/narrative/context";
import { narrativeContextEndpoint } from "@/lib/journal/schemas";

export const GET = handle(narrativeContextEndpoint, async ({ params, caller }) => narrativeContext(params.patientId, caller));
