// The one place that decides who reads which patient, and writes the audit row when they do.
//
// Rule (PATIENT_ACCESS, lib/env.ts):
// - the patient reads their own record (not audited: it is theirs);
// - the service admin (`admin` role) reads any patient, every read audited;
// - a care provider reads a patient only while the patient shares with a clinic the provider
//   is a member of (care-team, the default), or any patient (all-staff, the spec read literally);
// - everyone else: the patient does not exist (404, never 403, so ids leak nothing).
// A token with SMART scopes (lib/auth/smart.ts) is held to them on top: a scope must cover each
// resource type the action reads (403 otherwise); patient/ scopes open only the token's patient
// context, user/ scopes follow the rule above, system/ scopes (backend services) read any patient.
//
// Readers of one patient's data take a PatientHandle, which only this module makes; lists take
// their WHERE fragment from listScope(), FHIR searches and bulk exports from searchScope(), and
// all three ask reachOf() what a token's scopes grant for a type. Nothing is cached: a revoked share or a removed member
// stops the next request.
import { ApiError, notFound } from "@/lib/api/errors";
import { auditColumns, type AccessContext } from "@/lib/audit";
import { hasRole, type AuthUser } from "@/lib/auth/guard";
import { EVERYTHING_TYPES, insufficientScope, levelsFor, type SmartInteraction } from "@/lib/auth/smart";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client.ts";

declare const opened: unique symbol;

/** Proof that the access rule let the caller at this patient's data (and that the read is audited). */
export interface PatientHandle {
  readonly patientId: number;
  /** The clinic whose share let a care-team clinician in (the one the audit row names); null for everyone else. */
  readonly clinicId: number | null;
  readonly [opened]: true;
}

/** What was read or changed, as the audit trail and the patient's access log name it. */
export const PATIENT_ACTIONS = {
  read_profile: "profile",
  read_scores: "score history",
  read_assessments: "assessment history",
  read_journal: "journal",
  journal_list: "journal",
  journal_entry_read: "journal entry",
  journal_write: "journal entry written",
  narrative_summary: "narrative summary",
  narrative_context: "narrative context",
  patient_list: "patient list",
  fhir_read_patient: "FHIR export",
  fhir_read_observation: "FHIR export",
  fhir_search_observations: "FHIR export",
  fhir_read_diagnostic_report: "FHIR export",
  fhir_search_diagnostic_reports: "FHIR export",
  fhir_everything: "FHIR export",
  fhir_bulk_export: "FHIR bulk export",
  fhir_bulk_download: "FHIR bulk export downloaded",
  fhir_search_patients: "FHIR export",
  fhir_read_binary: "FHIR export",
  lookup: "assessment by code",
  assessment_results: "assessment by code",
  report_view: "report",
  report_pdf: "report",
  report_email: "report",
  report_made: "report made from your results",
  report_explained: "report explanation",
  claim: "assessment claimed",
  mark_reviewed: "marked reviewed",
  export_history: "history exported",
  read_goals: "goals",
  goal_set: "goal set",
  goal_removed: "goal removed",
  share_granted: "shared with a clinic",
  share_revoked: "stopped sharing with a clinic",
  read_reminders: "reminder settings",
  reminders_changed: "re-measure reminders changed",
  patient_report_made: "report made with your name",
  read_notes: "clinical notes",
  note_written: "clinical note written",
} as const;

export type PatientAction = keyof typeof PATIENT_ACTIONS;

/** The FHIR reads a SMART token may be granted: what each action reads. Any other action refuses SMART tokens. */
const SMART_READS: Partial<Record<PatientAction, { types: string[]; interaction: SmartInteraction }>> = {
  fhir_read_patient: { types: ["Patient"], interaction: "read" },
  fhir_read_observation: { types: ["Observation"], interaction: "read" },
  fhir_search_observations: { types: ["Observation"], interaction: "search" },
  fhir_read_diagnostic_report: { types: ["DiagnosticReport"], interaction: "read" },
  fhir_search_diagnostic_reports: { types: ["DiagnosticReport"], interaction: "search" },
  fhir_everything: { types: EVERYTHING_TYPES, interaction: "read" },
  fhir_search_patients: { types: ["Patient"], interaction: "search" },
  fhir_read_binary: { types: ["Binary"], interaction: "read" },
};

/**
 * How far a caller reaches for one resource type and interaction: every patient ("every"), the
 * role rule's patients ("rule"), only a SMART token's patient context, or nothing ("none": no
 * scope covers it). SMART scopes narrow the role rule, never widen it, except system/ scopes of a
 * backend token. Reads (openPatient), searches and bulk exports (searchScope) all ask this.
 */
export type Reach = "every" | "rule" | { context: number | null } | "none";

export function reachOf(user: AuthUser, type: string, interaction: SmartInteraction): Reach {
  if (!user.smart) return readsEveryPatient(user) ? "every" : "rule";
  const levels = levelsFor(user.smart, type, interaction);
  if (levels.has("system")) return "every";
  if (levels.has("user")) return readsEveryPatient(user) ? "every" : "rule";
  if (levels.has("patient")) return { context: user.smart.patient };
  return "none";
}

/**
 * What a SMART token's scopes make of opening this patient: "any" (every type read reaches every
 * patient), "rule" (the access rule decides) or "refused"; a 403 when no scope covers a type.
 */
function smartAccess(user: AuthUser, action: PatientAction, patientId: number): "any" | "rule" | "refused" {
  const reads = SMART_READS[action];
  if (!reads) throw insufficientScope("", "fhir");
  let any = true;
  for (const type of reads.types) {
    const reach = reachOf(user, type, reads.interaction);
    if (reach === "none") throw insufficientScope(type, reads.interaction);
    if (reach === "every") continue;
    any = false;
    if (reach !== "rule" && reach.context !== patientId) return "refused";
  }
  return any ? "any" : "rule";
}

const mint = (patientId: number, clinicId: number | null = null) => ({ patientId, clinicId }) as PatientHandle;

export interface OpenOptions {
  /** The 404's message when the rule refuses (e.g. "Observation not found" when opened by a record id). */
  notFoundMessage?: string;
  /** JOURNAL_AUTH=none only: an anonymous caller may open any patient (the spec's open journal), audited. */
  anonymousAllowed?: boolean;
}

/** Whether the caller's roles read patients service-wide: admins always, care providers under all-staff. */
function readsEveryPatient(user: AuthUser): boolean {
  return hasRole(user, "admin") || (hasRole(user, "care_provider") && env().PATIENT_ACCESS === "all-staff");
}

/**
 * Applies the rule to one patient, writes the audit row (the patient's own reads excepted) and
 * returns the handle readers require; a 404 when the rule refuses or the id is no patient.
 */
export async function openPatient(
  caller: AccessContext,
  patientId: number,
  action: PatientAction,
  options: OpenOptions = {},
): Promise<PatientHandle> {
  const admitted = await admit(caller, patientId, action, options.anonymousAllowed ?? false);
  if (!admitted) throw notFound(options.notFoundMessage ?? "Patient not found");
  if (!admitted.self) await writeAudit(caller, [patientId], action, admitted.clinicId);
  return mint(patientId, admitted.clinicId);
}

/** What the rule makes of the caller and one patient: null when it refuses, else whether it is their own record and which clinic's share lets them in. */
async function admit(
  caller: AccessContext,
  patientId: number,
  action: PatientAction,
  anonymousAllowed: boolean,
): Promise<{ self: boolean; clinicId: number | null } | null> {
  const user = caller.user;
  if (!user && !anonymousAllowed) return null;
  const smart = user?.smart ? smartAccess(user, action, patientId) : "rule";
  if (smart === "refused") return null;
  const self = user?.kind === "PATIENT" && user.contactId === patientId;
  const everyone = !user || self || smart === "any" || readsEveryPatient(user);
  const viaClinic = !everyone && user !== null && hasRole(user, "care_provider");
  if (!everyone && !viaClinic) return null;
  // One query: the patient exists and, for a clinician, the clinic whose share lets them in
  // (the lowest id when several do), which the audit row keeps for the patient's access log.
  const [row] = await db().$queryRaw<{ clinic_id: number | null }[]>`
    SELECT ${viaClinic ? sharingClinic(user!.sub, Prisma.sql`${patientId}::int`) : Prisma.sql`NULL::int`} AS clinic_id
      FROM contacts c WHERE c.id = ${patientId} AND c.kind = 'PATIENT'`;
  if (!row || (viaClinic && row.clinic_id === null)) return null;
  return { self, clinicId: row.clinic_id };
}

/**
 * A write only a clinician of the patient's care team makes (clinical notes): the handle names the
 * clinic whose share lets them in, which signs the write. 404 when the rule refuses the caller (as
 * for every read); 403 when the caller reads the patient but is of no clinic they share with (the
 * service admin, a clinician under all-staff, the patient). Audited only once admitted.
 */
export async function openAsCareTeam(
  caller: AccessContext,
  patientId: number,
  action: PatientAction,
): Promise<PatientHandle & { clinicId: number }> {
  const admitted = await admit(caller, patientId, action, false);
  if (!admitted) throw notFound("Patient not found");
  const user = caller.user!;
  let clinicId = admitted.clinicId;
  if (clinicId === null && !admitted.self && hasRole(user, "care_provider")) {
    const [row] = await db().$queryRaw<
      { clinic_id: number | null }[]
    >`SELECT ${sharingClinic(user.sub, Prisma.sql`${patientId}::int`)} AS clinic_id`;
    clinicId = row?.clinic_id ?? null;
  }
  if (clinicId === null)
    throw new ApiError(403, "Only a clinician of a clinic the patient shares with may do this", { code: "NOT_CARE_TEAM" });
  await writeAudit(caller, [patientId], action, clinicId);
  return mint(patientId, clinicId) as PatientHandle & { clinicId: number };
}

/** The patient whose record a report enters, and the clinic whose share let its creator in. */
export interface ReportRecordAccess {
  patientId: number;
  clinicId: number | null;
}

/**
 * A report made from sharing codes: one audit row per patient whose records it bundles (the
 * caller's own left out). When every record is one patient's (`onePatient`) and the rule lets the
 * caller read that patient (their own record, a care-team clinician's share, the service admin),
 * the report may enter the patient's record: the answer names the patient and the clinic, which
 * the row names too. Anyone else holding the codes makes a report that stays outside the record.
 */
export async function auditReportMade(
  caller: AccessContext,
  patientIds: number[],
  onePatient: number | null,
): Promise<ReportRecordAccess | null> {
  const admitted = onePatient !== null && caller.user ? await admit(caller, onePatient, "report_made", false) : null;
  const others = [...new Set(patientIds)].filter((id) => !(caller.user?.kind === "PATIENT" && id === caller.user.contactId));
  await writeAudit(caller, others, "report_made", admitted?.clinicId ?? null);
  return admitted && onePatient !== null ? { patientId: onePatient, clinicId: admitted.clinicId } : null;
}

/** The lowest id of the clinics (or of `clinicId` alone) that `patient` shares with and `sub` belongs to; NULL when none. */
function sharingClinic(sub: string, patient: Prisma.Sql, clinicId?: number): Prisma.Sql {
  const oneClinic = clinicId === undefined ? Prisma.empty : Prisma.sql`AND s.clinic_id = ${clinicId}`;
  return Prisma.sql`(SELECT min(s.clinic_id) FROM patient_shares s JOIN clinic_members m ON m.clinic_id = s.clinic_id
                      WHERE s.patient_id = ${patient} AND m.sub = ${sub} ${oneClinic})`;
}

/**
 * The clinics in whose name the caller acts on a patient (their review, issue 37), as SQL: for a
 * care-team clinician an int[] of their clinics sharing with the patient (or `clinicId` alone),
 * lowest id first, so the first is the clinic the audit names; NULL (the service's own context)
 * for the service admin and all-staff readers, who read without a share.
 */
export function actingClinics(user: AuthUser, patient: Prisma.Sql, clinicId?: number): Prisma.Sql {
  if (readsEveryPatient(user) || !hasRole(user, "care_provider")) return Prisma.sql`NULL::int[]`;
  const oneClinic = clinicId === undefined ? Prisma.empty : Prisma.sql`AND s.clinic_id = ${clinicId}`;
  return Prisma.sql`array(SELECT s.clinic_id FROM patient_shares s JOIN clinic_members m ON m.clinic_id = s.clinic_id
                           WHERE s.patient_id = ${patient} AND m.sub = ${user.sub} ${oneClinic} ORDER BY s.clinic_id)`;
}

/** The caller's own record (the /patients/me family): never audited, no rule to apply. A staff-only caller's is empty. */
export function ownRecord(user: AuthUser): PatientHandle {
  return mint(user.contactId);
}

/** The caller's own patient record; 403 for a token naming staff roles only (they have no profile). */
export function ownPatientRecord(user: AuthUser): PatientHandle {
  if (user.kind !== "PATIENT") throw new ApiError(403, "Only patients have their own records; this token names staff roles only");
  return mint(user.contactId);
}

/**
 * The list queries' scope, as a condition on `c.id` (contacts aliased `c`): every patient for
 * admins and all-staff, the patients sharing with the caller's clinics (or with `clinicId`, one
 * of them) for a care-team clinician, nothing for anyone else. A SMART token lists with a scope
 * over every type only (`*`), as far as it reaches.
 */
export function listScope(user: AuthUser | null, clinicId?: number): Prisma.Sql {
  if (!user) return Prisma.sql`FALSE`;
  return reachScope(user, reachOf(user, "*", "search"), clinicId, false);
}

/**
 * The patients a search (or a bulk export) of `type` may return, as a condition on `c.id`: the
 * list's scope with the caller's own record (a patient's), narrowed by a SMART token's scopes for
 * that type exactly as a read of one patient is (openPatient). 403 insufficient_scope when no
 * scope covers searching the type.
 */
export function searchScope(user: AuthUser, type: string, clinicId?: number): Prisma.Sql {
  const reach = reachOf(user, type, "search");
  if (reach === "none") throw insufficientScope(type, "search");
  return reachScope(user, reach, clinicId, true);
}

function reachScope(user: AuthUser, reach: Reach, clinicId: number | undefined, withOwn: boolean): Prisma.Sql {
  if (reach === "none") return Prisma.sql`FALSE`;
  const oneClinic = clinicId === undefined ? Prisma.empty : Prisma.sql`AND s.clinic_id = ${clinicId}`;
  const every =
    clinicId === undefined ? Prisma.sql`TRUE` : Prisma.sql`EXISTS (SELECT 1 FROM patient_shares s WHERE s.patient_id = c.id ${oneClinic})`;
  if (reach === "every") return every;
  const rule = readsEveryPatient(user)
    ? every
    : hasRole(user, "care_provider")
      ? Prisma.sql`EXISTS (SELECT 1 FROM patient_shares s JOIN clinic_members m ON m.clinic_id = s.clinic_id
                            WHERE s.patient_id = c.id AND m.sub = ${user.sub} ${oneClinic})`
      : Prisma.sql`FALSE`;
  const patient = user.kind === "PATIENT" ? user.contactId : null;
  if (reach === "rule") {
    return withOwn && patient !== null && clinicId === undefined ? Prisma.sql`(c.id = ${patient} OR ${rule})` : rule;
  }
  if (reach.context === null) return Prisma.sql`FALSE`;
  return Prisma.sql`(c.id = ${reach.context} AND ${reach.context === patient ? Prisma.sql`TRUE` : rule})`;
}

/**
 * The audit rows of a page of the patient list: one per patient shown. For a care-team clinician
 * each row names the clinic whose share put the patient in the list (the lowest id when several
 * do, the chosen one with `clinicId`), found in the same statement as the insert.
 */
export async function auditListed(caller: AccessContext, patientIds: Iterable<number>, clinicId?: number): Promise<void> {
  const user = caller.user;
  if (!user || readsEveryPatient(user) || !hasRole(user, "care_provider")) return auditShown(caller, patientIds, "patient_list");
  const ids = [...new Set(patientIds)].filter((id) => !(user.kind === "PATIENT" && id === user.contactId));
  if (ids.length === 0) return;
  const c = auditColumns(caller, "patient_list");
  await db().$executeRaw`
    INSERT INTO audit_events (actor_sub, actor_role, action, route, request_id, client_request_id, client_address, patient_id, clinic_id)
    SELECT ${c.actorSub}, ${c.actorRole}, ${c.action}, ${c.route}, ${c.requestId}, ${c.clientRequestId}, ${c.clientAddress}, p.id,
           ${sharingClinic(user.sub, Prisma.sql`p.id`, clinicId)}
      FROM unnest(${ids}::int[]) AS p(id)`;
}

/**
 * The audit rows of an answer that showed several patients, or data reached by a sharing code
 * rather than by the rule (lookups, reports): one row per patient, the caller's own left out.
 */
export async function auditShown(caller: AccessContext, patientIds: Iterable<number>, action: PatientAction): Promise<void> {
  const others = [...new Set(patientIds)].filter((id) => !(caller.user?.kind === "PATIENT" && id === caller.user.contactId));
  await writeAudit(caller, others, action);
}

/** What a patient did to their own record that their access log keeps (claims, shares). */
export async function auditOwnAction(caller: AccessContext & { user: AuthUser }, action: PatientAction): Promise<void> {
  await writeAudit(caller, [caller.user.contactId], action);
}

async function writeAudit(
  caller: AccessContext,
  patientIds: number[],
  action: PatientAction,
  clinicId: number | null = null,
): Promise<void> {
  if (patientIds.length === 0) return;
  const columns = auditColumns(caller, action);
  await db().auditEvent.createMany({ data: patientIds.map((patientId) => ({ ...columns, patientId, clinicId })) });
}
