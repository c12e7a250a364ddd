import { handle } from "@/lib/api/route";
import { narrativeSummary } from "@/lib/patients/narrative";
import { narrativeSummaryEndpoint } from "@/lib/patients/schemas";

export const GET = handle(narrativeSummaryEndpoint, async ({ user, params }) => narrativeSummary(user, params.id), { audit: { action: "narrative_summary", patient: "params.id" } });
