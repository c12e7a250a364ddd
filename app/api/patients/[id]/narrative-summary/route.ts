import { handle } from "@/lib/http/route";
import { narrativeSummary } from "@/lib/narrative/summary";
import { narrativeSummaryEndpoint } from "@/lib/patients/schemas";

export const GET = handle(narrativeSummaryEndpoint, async ({ user, params }) => narrativeSummary(user, params.id), {
  audit: { action: "narrative_summary", patient: "params.id" },
});
