// Clinics, members and shares. The rule these feed (who reads which patient) is lib/access's;
// here: who may manage a clinic, and the patient's own view of who can see and who saw their record.
import type { z } from "zod";
import { auditOwnAction, PATIENT_ACTIONS, type PatientAction } from "@/lib/access";
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import type { AccessContext } from "@/lib/audit";
import { hasRole, type AuthUser } from "@/lib/auth/guard";
import type { accessLogQuery, addMemberBody, CLINIC_ROLES, createClinicBody } from "@/lib/clinics/schemas";
import { formatJoinCode, withFreshJoinCode } from "@/lib/clinics/join-code";
import { nobody, peopleBySub } from "@/lib/clinics/people";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma, type Clinic } from "@/lib/generated/prisma/client.ts";

type ClinicRole = (typeof CLINIC_ROLES)[number];
type Patient = AccessContext & { user: AuthUser };

const CLINIC_NOT_FOUND = "Clinic not found";

function clinicView(row: Clinic, role: ClinicRole | null, counts: { members: number; shares: number }) {
  return {
    id: row.id,
    name: row.name,
    joinCode: row.joinCode,
    formattedJoinCode: formatJoinCode(row.joinCode),
    createdAt: row.createdAt.toISOString(),
    role,
    memberCount: counts.members,
    patientCount: counts.shares,
  };
}

const WITH_COUNTS = { _count: { select: { members: true, shares: true } } } as const;

/**
 * A clinic. A care provider creating one becomes its clinic admin, up to CLINICS_PER_ACCOUNT
 * clinics (counted under a per-account lock, so parallel requests cannot pass it); the service
 * admin is not counted and may name the first admin.
 */
export async function createClinic(user: AuthUser, input: z.output<typeof createClinicBody>) {
  const serviceAdmin = hasRole(user, "admin");
  if (!serviceAdmin && input.adminSub !== undefined) {
    throw new ApiError(400, "Only the service admin names a clinic's first admin: you become the admin of the clinic you create", {
      field: "adminSub",
    });
  }
  const firstAdmin = serviceAdmin ? input.adminSub : user.sub;
  const row = await withFreshJoinCode((joinCode) =>
    db().$transaction(async (tx) => {
      if (!serviceAdmin) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`clinics-created:${user.sub}`}))`;
        const made = await tx.clinic.count({ where: { createdBy: user.sub } });
        const allowed = env().CLINICS_PER_ACCOUNT;
        if (made >= allowed) {
          throw new ApiError(
            429,
            `You have created ${made} clinics, the most one account may (${allowed}); ask the service admin for more`,
            {
              code: "CLINIC_ALLOWANCE_SPENT",
            },
          );
        }
      }
      return tx.clinic.create({
        data: {
          name: input.name,
          joinCode,
          createdBy: user.sub,
          ...(firstAdmin ? { members: { create: { sub: firstAdmin, role: "clinic_admin", addedBy: user.sub } } } : {}),
        },
        include: WITH_COUNTS,
      });
    }),
  );
  return clinicView(row, serviceAdmin ? null : "clinic_admin", row._count);
}

export async function listClinics(user: AuthUser) {
  const admin = hasRole(user, "admin");
  const rows = await db().clinic.findMany({
    where: admin ? {} : { members: { some: { sub: user.sub } } },
    include: { ...WITH_COUNTS, members: { where: { sub: user.sub }, select: { role: true } } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return { clinics: rows.map((row) => clinicView(row, (row.members[0]?.role as ClinicRole | undefined) ?? null, row._count)) };
}

/** The clinic and the caller's role in it; a clinic the caller is not a member of is a 404 (the service admin sees all). */
async function clinicFor(user: AuthUser, clinicId: number) {
  const row = await db().clinic.findUnique({
    where: { id: clinicId },
    include: { ...WITH_COUNTS, members: { where: { sub: user.sub }, select: { role: true } } },
  });
  const role = (row?.members[0]?.role as ClinicRole | undefined) ?? null;
  if (!row || (!role && !hasRole(user, "admin"))) throw notFound(CLINIC_NOT_FOUND);
  return { row, role, admin: hasRole(user, "admin") || role === "clinic_admin" };
}

/**
 * A clinic's id and name for whoever may know it exists: its members, the service admin and the
 * patients sharing with it (the FHIR Organization); a 404 with `message` for everyone else.
 */
export async function visibleClinic(user: AuthUser, clinicId: number, message = CLINIC_NOT_FOUND) {
  const readers = [
    { members: { some: { sub: user.sub } } },
    ...(user.kind === "PATIENT" ? [{ shares: { some: { patientId: user.contactId } } }] : []),
  ];
  const row = await db().clinic.findFirst({
    where: { id: clinicId, ...(hasRole(user, "admin") ? {} : { OR: readers }) },
    select: { id: true, name: true },
  });
  if (!row) throw notFound(message);
  return row;
}

export async function getClinic(user: AuthUser, clinicId: number) {
  const { row, role } = await clinicFor(user, clinicId);
  return clinicView(row, role, row._count);
}

/** The clinic, for its admins and the service admin; 403 for its other members, 404 for everyone else. */
export async function assertManages(user: AuthUser, clinicId: number) {
  const found = await clinicFor(user, clinicId);
  if (!found.admin) throw forbidden("Only the clinic's admins and the service admin manage its members");
  return found.row;
}

async function memberViews(clinicId: number, subs?: string[]) {
  const rows = await db().clinicMember.findMany({
    where: { clinicId, ...(subs ? { sub: { in: subs } } : {}) },
    orderBy: [{ role: "asc" }, { addedAt: "asc" }, { sub: "asc" }],
  });
  const people = await peopleBySub(rows.flatMap((row) => [row.sub, row.addedBy]));
  return rows.map((row) => {
    const person = people.get(row.sub) ?? nobody;
    return {
      sub: row.sub,
      role: row.role as ClinicRole,
      name: person.name,
      email: person.email,
      addedBy: row.addedBy,
      addedByPerson: people.get(row.addedBy) ?? nobody,
      addedAt: row.addedAt.toISOString(),
    };
  });
}

export async function listMembers(user: AuthUser, clinicId: number) {
  await clinicFor(user, clinicId);
  return { members: await memberViews(clinicId) };
}

/**
 * Runs a change to one clinic's members that must leave it an admin if it had one: the clinic's
 * row is locked first, so two admins removing each other at once cannot both succeed.
 */
async function keepingAnAdmin<T>(clinicId: number, sub: string, change: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM clinics WHERE id = ${clinicId} FOR UPDATE`;
    const admins = await tx.clinicMember.findMany({ where: { clinicId, role: "clinic_admin" }, select: { sub: true } });
    if (admins.length === 1 && admins[0]!.sub === sub) {
      throw new ApiError(409, "This is the clinic's last admin: make another member clinic_admin first", { code: "LAST_CLINIC_ADMIN" });
    }
    return change(tx);
  });
}

export async function addMember(user: AuthUser, clinicId: number, input: z.output<typeof addMemberBody>) {
  await assertManages(user, clinicId);
  const upsert = (client: Prisma.TransactionClient) =>
    client.clinicMember.upsert({
      where: { clinicId_sub: { clinicId, sub: input.sub } },
      create: { clinicId, sub: input.sub, role: input.role, addedBy: user.sub },
      update: { role: input.role },
    });
  if (input.role === "clinic_admin") await upsert(db());
  else await keepingAnAdmin(clinicId, input.sub, upsert);
  const [view] = await memberViews(clinicId, [input.sub]);
  return view!;
}

export async function removeMember(user: AuthUser, clinicId: number, sub: string): Promise<void> {
  await assertManages(user, clinicId);
  const { count } = await keepingAnAdmin(clinicId, sub, (tx) => tx.clinicMember.deleteMany({ where: { clinicId, sub } }));
  if (count === 0) throw notFound("No such member of this clinic");
}

const NO_CLINIC = "No clinic with this join code";

export async function clinicByJoinCode(joinCode: string) {
  const row = await db().clinic.findUnique({ where: { joinCode }, select: { id: true, name: true } });
  if (!row) throw notFound(NO_CLINIC);
  return row;
}

// ---------- the patient's side ----------

function ownPatient(caller: Patient): number {
  if (caller.user.kind !== "PATIENT") throw new ApiError(403, "Only patients share their records");
  return caller.user.contactId;
}

export async function shareWithClinic(caller: Patient, joinCode: string) {
  const patientId = ownPatient(caller);
  const clinic = await clinicByJoinCode(joinCode);
  // Sharing again keeps the first date.
  const row = await db().patientShare.upsert({
    where: { patientId_clinicId: { patientId, clinicId: clinic.id } },
    create: { patientId, clinicId: clinic.id },
    update: {},
  });
  await auditOwnAction(caller, "share_granted");
  return { clinicId: clinic.id, name: clinic.name, sharedAt: row.sharedAt.toISOString() };
}

export async function listShares(caller: Patient) {
  const rows = await db().patientShare.findMany({
    where: { patientId: ownPatient(caller) },
    include: { clinic: { select: { name: true } } },
    orderBy: [{ sharedAt: "desc" }, { clinicId: "asc" }],
  });
  return { clinics: rows.map((row) => ({ clinicId: row.clinicId, name: row.clinic.name, sharedAt: row.sharedAt.toISOString() })) };
}

/** Deletes the share in one statement: a read that starts after it commits finds no share (lib/access). */
export async function revokeShare(caller: Patient, clinicId: number): Promise<void> {
  const { count } = await db().patientShare.deleteMany({ where: { patientId: ownPatient(caller), clinicId } });
  if (count === 0) throw notFound("Your record is not shared with this clinic");
  await auditOwnAction(caller, "share_revoked");
}

interface VisitRow {
  started_at: Date;
  at: Date;
  actor_sub: string | null;
  actor_role: string;
  action: string;
  actions: string[];
  reads: number;
  clinic_id: number | null;
  clinic_name: string | null;
  clinics: string[];
}

/** Reads by one person this far apart or closer are one visit (one page view fans out into several requests). */
const VISIT_GAP = "2 minutes";

/** The roles whose readers the log names; anyone else read through a sharing code and stays unnamed. */
const NAMED_ROLES = new Set(["admin", "care_provider"]);

/**
 * Who read or changed the patient's record, from the audit trail (their own actions left out), one
 * line per visit: one reader's rows through one clinic, each within VISIT_GAP of the one before
 * (the rows underneath stay as they are). Staff are named by their sign-in; a reader by a sharing
 * code never is. A row lib/access wrote for a care-team clinician names the clinic whose share let
 * them in; other rows (the service admin, all-staff, sharing codes, rows written before clinics
 * were recorded) list the clinics the reader belongs to now.
 */
export async function accessLog(caller: Patient, query: z.output<typeof accessLogQuery>) {
  const patientId = ownPatient(caller);
  const visits = Prisma.sql`
    WITH ev AS (
      SELECT e.id, e.created_at, e.actor_sub, e.actor_role, e.action, e.clinic_id,
             CASE WHEN e.created_at - lag(e.created_at) OVER w <= ${VISIT_GAP}::interval THEN 0 ELSE 1 END AS starts
        FROM audit_events e
       WHERE e.patient_id = ${patientId} AND e.actor_sub <> ${caller.user.sub}
      WINDOW w AS (PARTITION BY e.actor_sub, e.actor_role, e.clinic_id ORDER BY e.created_at, e.id)
    ), numbered AS (
      SELECT ev.*, sum(starts) OVER (PARTITION BY actor_sub, actor_role, clinic_id ORDER BY created_at, id) AS visit FROM ev
    )
    SELECT min(created_at) AS started_at, max(created_at) AS at, actor_sub, actor_role, clinic_id,
           (array_agg(action ORDER BY created_at DESC, id DESC))[1] AS action,
           array_agg(action ORDER BY created_at, id) AS actions, count(*)::int AS reads, max(id) AS last_id
      FROM numbered GROUP BY actor_sub, actor_role, clinic_id, visit`;
  const [rows, [count]] = await Promise.all([
    db().$queryRaw<VisitRow[]>`
      SELECT v.*, via.name AS clinic_name,
             CASE WHEN via.id IS NOT NULL THEN ARRAY[via.name]
                  ELSE coalesce((SELECT array_agg(cl.name ORDER BY cl.name) FROM clinic_members m JOIN clinics cl ON cl.id = m.clinic_id
                                  WHERE m.sub = v.actor_sub), '{}') END AS clinics
        FROM (${visits}) v LEFT JOIN clinics via ON via.id = v.clinic_id
       ORDER BY v.at DESC, v.last_id DESC
       LIMIT ${query.limit} OFFSET ${query.offset}`,
    db().$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM (${visits}) v`,
  ]);
  const people = await peopleBySub(rows.flatMap((row) => (row.actor_sub && NAMED_ROLES.has(row.actor_role) ? [row.actor_sub] : [])));
  const words = (action: string) => PATIENT_ACTIONS[action as PatientAction] ?? action;
  return {
    entries: rows.map((row) => {
      const person = row.actor_sub && NAMED_ROLES.has(row.actor_role) ? people.get(row.actor_sub) : undefined;
      return {
        at: row.at.toISOString(),
        from: row.started_at.toISOString(),
        role: row.actor_role,
        name: person ? (person.name ?? person.email) : null,
        email: person?.email ?? null,
        clinic: row.clinic_id === null ? null : { id: row.clinic_id, name: row.clinic_name },
        clinics: row.clinics,
        action: row.action,
        what: words(row.action),
        whats: [...new Set(row.actions.map(words))],
        reads: row.reads,
      };
    }),
    total: count?.total ?? 0,
  };
}
