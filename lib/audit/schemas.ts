import { z } from "zod";
import { text } from "@/lib/api/text";
import { endpoint } from "@/lib/api/endpoint";
import { idParam, limitParam, offsetParam } from "@/lib/api/pagination";

export const auditQuery = z.object({
  patientId: idParam.optional().describe("Only rows about this patient (contact id)"),
  actor: text().min(1).max(256).optional().describe("Only rows by this actor (identity-provider sub)"),
  from: z.iso.datetime().optional().describe("Rows at or after this time (ISO 8601)"),
  to: z.iso.datetime().optional().describe("Rows before this time (ISO 8601)"),
  limit: limitParam(50, 200),
  offset: offsetParam,
});

export const auditEventSchema = z.object({
  id: z.number().int(),
  actorSub: z.string(),
  actorRole: z.string(),
  patientId: z
    .number()
    .int()
    .nullable()
    .describe("The patient whose data was touched; null on a read of the trail itself (action audit_read)"),
  action: z.string(),
  route: z.string(),
  requestId: z.string().nullable().describe("The server's id of the request (its x-request-id answer header and log lines)"),
  clientRequestId: z.string().nullable().describe("The x-request-id the client sent, if any"),
  clientAddress: z
    .string()
    .nullable()
    .describe(
      "The trusted client address (TRUST_PROXY), or hmac-sha256:<hex> of it when AUDIT_ADDRESS_KEY is set; null on rows from before it was recorded",
    ),
  clinicId: z
    .number()
    .int()
    .nullable()
    .describe(
      "The clinic whose share let a care-team clinician read the patient; null for reads no share granted and on rows from before it was recorded",
    ),
  createdAt: z.iso.datetime(),
});

export const auditListResponse = z.object({ events: z.array(auditEventSchema), total: z.number().int() });

export const auditListEndpoint = endpoint({
  method: "GET",
  path: "/admin/audit",
  operationId: "listAuditEvents",
  summary: "Access audit trail: who read or changed whose data (newest first); each read of the trail is itself a row (audit_read)",
  tag: "Admin",
  auth: { roles: ["admin"] },
  query: auditQuery,
  responses: [
    { status: 200, description: "Audit rows and the total matching", schema: auditListResponse },
    { status: 400, description: "Invalid filter" },
  ],
});
