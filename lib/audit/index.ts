// The access audit trail: every read or change of a patient's data by someone other than that
// patient. Rows are only ever inserted (triggers refuse updates, deletes and TRUNCATE; in
// production the service's database role may only INSERT and SELECT them, docs/security.md), and
// patient reads are recorded only by lib/access, which decides the access and writes the row.
import { createHmac } from "node:crypto";
import type { z } from "zod";
import type { AuthUser } from "@/lib/auth/guard";
import type { auditQuery } from "@/lib/audit/schemas";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { LimitSubject } from "@/lib/rate-limit";

/** Who is calling: the wrapper makes one per request (lib/http/route.ts). */
export interface AccessContext {
  /** The caller; null for unauthenticated routes (e.g. report e-mails by code). */
  user: AuthUser | null;
  route: string;
  /** The server's id of the request. */
  requestId: string;
  /** The client's own x-request-id, if it sent a well-formed one. */
  clientRequestId: string | null;
  /** The client's exact address (lib/http/client-address.ts). */
  address: string;
  /** Whom the abuse limits count: the signed-in user, or the client's network (lib/http/client-address.ts). */
  limits: LimitSubject;
}

/** The most privileged role the actor holds, as recorded (audit rows, report and journal authors). */
export function actorRole(user: AuthUser | null): string {
  if (!user) return "anonymous";
  for (const role of ["admin", "care_provider", "patient"] as const) if (user.roles.includes(role)) return role;
  return "none";
}

/**
 * The client address as the trail keeps it: the address itself, or with AUDIT_ADDRESS_KEY its
 * HMAC-SHA256 (rows of one client still match, and an investigator holding the key can test a
 * suspect address, while the table alone reveals no addresses).
 */
function auditAddress(address: string): string {
  const key = env().AUDIT_ADDRESS_KEY;
  return key ? `hmac-sha256:${createHmac("sha256", key).update(address).digest("hex")}` : address;
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
    clientAddress: auditAddress(context.address),
  };
}

/**
 * GET /admin/audit. The read is itself a row, about no one patient (patientId null): a patient's
 * own trail lists who read their data, not who read the trail.
 */
export async function listAuditEvents(query: z.output<typeof auditQuery>, context: AccessContext) {
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
  await db().auditEvent.create({ data: { ...auditColumns(context, "audit_read"), patientId: null } });
  return { events: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}
