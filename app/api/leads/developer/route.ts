import { handle } from "@/lib/http/route";
import { submitDeveloperLead } from "@/lib/leads";
import { developerLeadEndpoint } from "@/lib/leads/schemas";

export const POST = handle(developerLeadEndpoint, async ({ body }) => submitDeveloperLead(body));
