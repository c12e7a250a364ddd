// The access audit trail: every read or change of a patient's data by someone other than that
// patient. Rows are only ever inserted (the table's trigger refuses updates and deletes), and
// only by lib/access, which decides the access and writes the row in one place.
import type { z } from "zod";
import type { AuthUser } from "@/lib/auth/guard";
import type { auditQuery } from "@/lib/audit/schemas";
import { db } from "@/lib/db";

/** Who is calling: the wrapper makes one per request (lib/http/route.ts). */
export interface AccessContext {
  /** The caller; null for unauthenticated routes (e.g. report e-mails by code). */
  user: AuthUser | null;
  route: string;
  /** The server's id of the request. */
  requestId: string;
  /** The client's own x-request-id, if it sent a well-formed one. */
  clientRequestId: string | null;
  /** The client's address (lib/http/client-address.ts), for the abuse limits. */
  address: string;
}

/** The most privileged role the actor holds, as recorded. */
function actorRole(user: AuthUser | null): string {
  if (!user) return "anonymous";
  for (const role of ["admin", "care_provider", "patient"] as const) if (user.roles.includes(role)) return role;
  return "none";
}

/** The columns every row of one request shares. */
export function auditColumns(context: AccessContext, action: string) {
  return {
    actorSub: context.user?.sub ?? "anonymous",
    actorRole: actorRole(context.user),
    action,
    route: context.route,
    requestId: context.requestId,
    clientRequestId: context.clientRequestId,
  };
}

export async function listAuditEvents(query: z.output<typeof auditQuery>) {
  const where = {
    ...(query.patientId ? { patientId: query.patientId } : {}),
    ...(query.actor ? { actorSub: query.actor } : {}),
    ...(query.from || query.to
      ? { createdAt: { ...(query.from ? { gte: new Date(query.from) } : {}), ...(query.to ? { lt: new Date(query.to) } : {}) } }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db().auditEvent.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    db().auditEvent.count({ where }),
  ]);
  return { events: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}
