import { handle } from "@/lib/http/route";
import { narrativeSummary } from "@/lib/narrative/summary";
import { narrativeSummaryEndpoint } from "@/lib/patients/schemas";

export const GET = handle(narrativeSummaryEndpoint, async ({ caller, params }) => narrativeSummary(caller, params.id));
