import { handle } from "@/lib/http/route";
import { listAuditEvents } from "@/lib/audit";
import { auditListEndpoint } from "@/lib/audit/schemas";

export const GET = handle(auditListEndpoint, async ({ query, caller }) => listAuditEvents(query, caller));
