// The access rule itself, against an in-process database, under the default
// PATIENT_ACCESS=care-team: who opens which patient (to read, or to write as the care team), what
// each open, list and report writes to the audit trail (and which clinic it names), the clinics a
// clinician acts for, and the scope list queries and searches take. The API suites prove the same
// through every route (test/api/access-matrix.test.ts).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let access: typeof import("@/lib/access");
let db: typeof import("@/lib/db").db;
const ids: Record<string, number> = {};
const clinics: Record<string, number> = {};

before(async () => {
  database = await useFreshDatabase();
  access = await import("@/lib/access");
  ({ db } = await import("@/lib/db"));
  const { generateJoinCode } = await import("@/lib/clinics/join-code");
  for (const name of ["ann", "ben", "cat"]) {
    ids[name] = (await db().contact.create({ data: { sub: `test|${name}`, kind: "PATIENT", roles: ["patient"] } })).id;
  }
  ids.staff = (await db().contact.create({ data: { sub: "test|staff", kind: "STAFF", roles: ["care_provider"] } })).id;
  for (const name of ["first", "second"]) {
    clinics[name] = (await db().clinic.create({ data: { name, joinCode: generateJoinCode(), createdBy: "test" } })).id;
  }
  // doc belongs to both clinics; Ann shares with the second, Ben with both, Cat with none.
  await db().clinicMember.createMany({
    data: ["first", "second"].map((name) => ({ clinicId: clinics[name]!, sub: "test|doc", role: "clinician", addedBy: "test" })),
  });
  await db().patientShare.createMany({
    data: [
      { patientId: ids.ann!, clinicId: clinics.second! },
      { patientId: ids.ben!, clinicId: clinics.first! },
      { patientId: ids.ben!, clinicId: clinics.second! },
    ],
  });
  ann = user("ann", ["patient"], "PATIENT");
});
after(async () => {
  await dropDatabase(database);
});

const user = (name: string, roles: AuthUser["roles"], kind: AuthUser["kind"] = "STAFF"): AuthUser => ({
  sub: `test|${name}`,
  email: null,
  name: null,
  roles,
  contactId: ids[name] ?? 0,
  kind,
});
const doc = user("doc", ["care_provider"]);
const lone = user("lone", ["care_provider"]);
const admin = user("boss", ["admin"]);
/** Ann, once her contact exists. */
let ann: AuthUser;

let requests = 0;
function context(who: AuthUser | null): AccessContext {
  return {
    user: who,
    route: "/api/patients/{id}",
    requestId: `req-${++requests}`,
    clientRequestId: null,
    address: "10.4.0.1",
    limits: { key: "client:10.4.0.1", site: null },
  };
}

const rowsOf = (caller: AccessContext) =>
  db().auditEvent.findMany({
    where: { requestId: caller.requestId },
    orderBy: { id: "asc" },
    select: { actorSub: true, actorRole: true, patientId: true, action: true, clinicId: true },
  });

/** Opens and returns the handle with the rows the open wrote, or the refusal's status and message with them. */
async function open(who: AuthUser | null, patient: number, options?: Parameters<typeof access.openPatient>[3]) {
  const caller = context(who);
  try {
    const handle = await access.openPatient(caller, patient, "read_profile", options);
    return { handle: { patientId: handle.patientId, clinicId: handle.clinicId }, rows: await rowsOf(caller) };
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { refused: [status, message], rows: await rowsOf(caller) };
  }
}

test("a clinician opens a patient sharing with one of their clinics; the row and the handle name that clinic (the lowest when several)", async () => {
  assert.deepEqual(await open(doc, ids.ann!), {
    handle: { patientId: ids.ann, clinicId: clinics.second },
    rows: [{ actorSub: "test|doc", actorRole: "care_provider", patientId: ids.ann, action: "read_profile", clinicId: clinics.second }],
  });
  assert.deepEqual((await open(doc, ids.ben!)).handle, { patientId: ids.ben, clinicId: clinics.first });
});

test("a patient shared with none of the caller's clinics, an unknown id and a staff contact are the same 404, with no row", async () => {
  const refused = { refused: [404, "Patient not found"], rows: [] };
  assert.deepEqual(await open(doc, ids.cat!), refused);
  assert.deepEqual(await open(lone, ids.ann!), refused);
  assert.deepEqual(await open(doc, 999_999), refused);
  assert.deepEqual(await open(admin, ids.staff!), refused);
  assert.deepEqual(await open(doc, ids.cat!, { notFoundMessage: "Observation not found" }), {
    refused: [404, "Observation not found"],
    rows: [],
  });
});

test("the service admin opens anyone, audited, with no clinic; a patient opens only themself, unaudited", async () => {
  assert.deepEqual(await open(admin, ids.cat!), {
    handle: { patientId: ids.cat, clinicId: null },
    rows: [{ actorSub: "test|boss", actorRole: "admin", patientId: ids.cat, action: "read_profile", clinicId: null }],
  });
  assert.deepEqual(await open(ann, ids.ann!), { handle: { patientId: ids.ann, clinicId: null }, rows: [] });
  assert.deepEqual((await open(ann, ids.ben!)).refused, [404, "Patient not found"]);
  assert.deepEqual((await open(user("nobody", []), ids.ann!)).refused, [404, "Patient not found"]);
  // A patient's token naming the care provider role too reads their own record unaudited, and shared ones audited.
  const both = user("ann", ["patient", "care_provider"], "PATIENT");
  assert.deepEqual((await open(both, ids.ann!)).rows, []);
  assert.deepEqual((await open(both, ids.ben!)).refused, [404, "Patient not found"]);
});

test("anonymous callers open no one, unless the route allows them (the open journal), and then audited", async () => {
  assert.deepEqual(await open(null, ids.ann!), { refused: [404, "Patient not found"], rows: [] });
  assert.deepEqual(await open(null, ids.ann!, { anonymousAllowed: true }), {
    handle: { patientId: ids.ann, clinicId: null },
    rows: [{ actorSub: "anonymous", actorRole: "anonymous", patientId: ids.ann, action: "read_profile", clinicId: null }],
  });
  assert.deepEqual((await open(null, ids.staff!, { anonymousAllowed: true })).refused, [404, "Patient not found"]);
});

test("nothing is cached: a revoked share refuses the next open", async () => {
  const { generateJoinCode } = await import("@/lib/clinics/join-code");
  const third = await db().clinic.create({ data: { name: "third", joinCode: generateJoinCode(), createdBy: "test" } });
  await db().clinicMember.create({ data: { clinicId: third.id, sub: "test|revoked", role: "clinician", addedBy: "test" } });
  await db().patientShare.create({ data: { patientId: ids.cat!, clinicId: third.id } });
  const revoked = user("revoked", ["care_provider"]);
  assert.deepEqual((await open(revoked, ids.cat!)).handle, { patientId: ids.cat, clinicId: third.id });
  await db().patientShare.delete({ where: { patientId_clinicId: { patientId: ids.cat!, clinicId: third.id } } });
  assert.deepEqual((await open(revoked, ids.cat!)).refused, [404, "Patient not found"]);
});

test("listScope: the admin every patient, a clinician their clinics' (or one of them), everyone else none", async () => {
  const listed = async (who: AuthUser | null, clinicId?: number) =>
    (
      await db().$queryRaw<{ id: number }[]>`
        SELECT c.id FROM contacts c WHERE c.kind = 'PATIENT' AND ${access.listScope(who, clinicId)} ORDER BY c.id`
    ).map((row) => row.id);
  assert.deepEqual(await listed(admin), [ids.ann, ids.ben, ids.cat]);
  assert.deepEqual(await listed(admin, clinics.first), [ids.ben]);
  assert.deepEqual(await listed(doc), [ids.ann, ids.ben]);
  assert.deepEqual(await listed(doc, clinics.first), [ids.ben]);
  assert.deepEqual(await listed(doc, clinics.second), [ids.ann, ids.ben]);
  assert.deepEqual(await listed(lone), []);
  // A clinic member whose token no longer names the care provider role lists no one.
  assert.deepEqual(await listed(user("doc", ["patient"])), []);
  assert.deepEqual(await listed(ann), []);
  assert.deepEqual(await listed(null), []);
});

test("auditListed: one row per patient shown, each once, naming the clinic per patient (or the chosen one) for a clinician", async () => {
  const list = async (who: AuthUser | null, shown: number[], clinicId?: number) => {
    const caller = context(who);
    await access.auditListed(caller, shown, clinicId);
    return (await rowsOf(caller)).map((row) => [row.patientId, row.action, row.clinicId]);
  };
  assert.deepEqual(await list(doc, [ids.ann!, ids.ben!, ids.ann!]), [
    [ids.ann, "patient_list", clinics.second],
    [ids.ben, "patient_list", clinics.first],
  ]);
  assert.deepEqual(await list(doc, [ids.ben!], clinics.second), [[ids.ben, "patient_list", clinics.second]]);
  assert.deepEqual(await list(doc, []), []);
  assert.deepEqual(await list(user("doc", ["patient"]), [ids.ben!]), [[ids.ben, "patient_list", null]]);
  assert.deepEqual(await list(admin, [ids.cat!, ids.cat!]), [[ids.cat, "patient_list", null]]);
  const both = user("ann", ["patient", "care_provider"], "PATIENT");
  // Ann, a patient who is also a care provider of no clinic: her own row is left out, Ben's names no clinic.
  assert.deepEqual(await list(both, [ids.ann!, ids.ben!]), [[ids.ben, "patient_list", null]]);
  assert.deepEqual(await list(both, [ids.ann!]), []);
  // An admin who is also a care provider reads every patient: no clinic let them in, not even one of theirs Ben shares with.
  assert.deepEqual(await list(user("boss", ["admin", "care_provider"]), [ids.ben!]), [[ids.ben, "patient_list", null]]);
  assert.deepEqual(await list(user("doc", ["admin", "care_provider"]), [ids.ben!]), [[ids.ben, "patient_list", null]]);
});

test("auditShown leaves the caller's own record out; auditOwnAction records it", async () => {
  const shown = context(ann);
  await access.auditShown(shown, [ids.ann!, ids.ben!, ids.ben!], "lookup");
  assert.deepEqual(
    (await rowsOf(shown)).map((row) => [row.patientId, row.action, row.actorRole]),
    [[ids.ben, "lookup", "patient"]],
  );
  const own = context(ann);
  await access.auditOwnAction({ ...own, user: ann }, "share_granted");
  assert.deepEqual(
    (await rowsOf(own)).map((row) => [row.patientId, row.action]),
    [[ids.ann, "share_granted"]],
  );
  const anonymous = context(null);
  await access.auditShown(anonymous, [ids.ann!], "lookup");
  assert.deepEqual(
    (await rowsOf(anonymous)).map((row) => [row.patientId, row.action, row.actorRole]),
    [[ids.ann, "lookup", "anonymous"]],
  );
});

test("the caller's own record: a handle for a patient, 403 for a staff-only token", () => {
  assert.equal(access.ownPatientRecord(ann).patientId, ids.ann);
  assert.equal(access.ownRecord(ann).patientId, ids.ann);
  assert.equal(access.ownRecord(ann).clinicId, null);
  assert.throws(() => access.ownPatientRecord(doc), {
    status: 403,
    message: "Only patients have their own records; this token names staff roles only",
  });
});

test("the patient's access log names each action in words, the same words for the same thing", () => {
  assert.deepEqual(access.PATIENT_ACTIONS, {
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
    export_history: "history exported",
    read_goals: "goals",
    goal_set: "goal set",
    goal_removed: "goal removed",
    lookup: "assessment by code",
    assessment_results: "assessment by code",
    report_view: "report",
    report_pdf: "report",
    report_email: "report",
    report_explained: "report explanation",
    report_made: "report made from your results",
    claim: "assessment claimed",
    mark_reviewed: "marked reviewed",
    share_granted: "shared with a clinic",
    share_revoked: "stopped sharing with a clinic",
    read_reminders: "reminder settings",
    reminders_changed: "re-measure reminders changed",
    patient_report_made: "report made with your name",
    read_notes: "clinical notes",
    note_written: "clinical note written",
  });
});

/** openAsCareTeam's handle with the rows it wrote, or the refusal's status, code and message with them. */
async function openForCare(who: AuthUser | null, patient: number) {
  const caller = context(who);
  try {
    const handle = await access.openAsCareTeam(caller, patient, "note_written");
    return { handle: { patientId: handle.patientId, clinicId: handle.clinicId }, rows: await rowsOf(caller) };
  } catch (error) {
    const { status, code, message } = error as { status: number; code?: string; message: string };
    return { refused: [status, code ?? null, message], rows: await rowsOf(caller) };
  }
}
const notCareTeam = { refused: [403, "NOT_CARE_TEAM", "Only a clinician of a clinic the patient shares with may do this"], rows: [] };
const noSuchPatient = { refused: [404, null, "Patient not found"], rows: [] };

test("openAsCareTeam: a clinician of a sharing clinic writes, signed and audited in that clinic's name (the lowest when several)", async () => {
  assert.deepEqual(await openForCare(doc, ids.ann!), {
    handle: { patientId: ids.ann, clinicId: clinics.second },
    rows: [{ actorSub: "test|doc", actorRole: "care_provider", patientId: ids.ann, action: "note_written", clinicId: clinics.second }],
  });
  assert.deepEqual((await openForCare(doc, ids.ben!)).handle, { patientId: ids.ben, clinicId: clinics.first });
});

test("openAsCareTeam: whom the rule refuses finds no patient (404); whom it lets read without a share may not write (403); neither is audited", async () => {
  assert.deepEqual(await openForCare(doc, ids.cat!), noSuchPatient);
  assert.deepEqual(await openForCare(lone, ids.ann!), noSuchPatient);
  assert.deepEqual(await openForCare(ann, ids.ben!), noSuchPatient);
  assert.deepEqual(await openForCare(null, ids.ann!), noSuchPatient);
  assert.deepEqual(await openForCare(doc, ids.staff!), noSuchPatient);
  assert.deepEqual(await openForCare(admin, ids.cat!), notCareTeam);
  assert.deepEqual(await openForCare(ann, ids.ann!), notCareTeam);
  // A clinic member whose token names the admin role but not the care provider one reads Ann, as the admin, but writes nothing.
  assert.deepEqual(await openForCare(user("doc", ["admin"]), ids.ann!), notCareTeam);
});

test("openAsCareTeam: an admin who is also a clinician writes in the name of their clinic the patient shares with, and only there", async () => {
  const both = user("doc", ["admin", "care_provider"]);
  assert.deepEqual(await openForCare(both, ids.ben!), {
    handle: { patientId: ids.ben, clinicId: clinics.first },
    rows: [{ actorSub: "test|doc", actorRole: "admin", patientId: ids.ben, action: "note_written", clinicId: clinics.first }],
  });
  assert.deepEqual(await openForCare(both, ids.cat!), notCareTeam);
});

test("openAsCareTeam: a clinician who is the patient writes nothing on their own record, even where they share with their clinic", async () => {
  const { generateJoinCode } = await import("@/lib/clinics/join-code");
  const own = await db().clinic.create({ data: { name: "own", joinCode: generateJoinCode(), createdBy: "test" } });
  await db().clinicMember.create({ data: { clinicId: own.id, sub: "test|ann", role: "clinician", addedBy: "test" } });
  await db().patientShare.create({ data: { patientId: ids.ann!, clinicId: own.id } });
  assert.deepEqual(await openForCare(user("ann", ["patient", "care_provider"], "PATIENT"), ids.ann!), notCareTeam);
  await db().patientShare.delete({ where: { patientId_clinicId: { patientId: ids.ann!, clinicId: own.id } } });
  await db().clinicMember.deleteMany({ where: { clinicId: own.id } });
});

test("openAsCareTeam: once the patient stops sharing, the clinic's clinician finds no patient", async () => {
  const { generateJoinCode } = await import("@/lib/clinics/join-code");
  const left = await db().clinic.create({ data: { name: "left", joinCode: generateJoinCode(), createdBy: "test" } });
  await db().clinicMember.create({ data: { clinicId: left.id, sub: "test|left", role: "clinician", addedBy: "test" } });
  await db().patientShare.create({ data: { patientId: ids.cat!, clinicId: left.id } });
  const clinician = user("left", ["care_provider"]);
  assert.equal((await openForCare(clinician, ids.cat!)).handle?.clinicId, left.id);
  await db().patientShare.delete({ where: { patientId_clinicId: { patientId: ids.cat!, clinicId: left.id } } });
  assert.deepEqual(await openForCare(clinician, ids.cat!), noSuchPatient);
});

/** What auditReportMade answers, with the rows it wrote as [patient, action, clinic]. */
async function reportMade(who: AuthUser | null, patients: number[], onePatient: number | null) {
  const caller = context(who);
  const record = await access.auditReportMade(caller, patients, onePatient);
  return { record, rows: (await rowsOf(caller)).map((row) => [row.patientId, row.action, row.clinicId]) };
}

test("auditReportMade: one row per patient bundled, each once; one patient a clinician reads enters the record in their clinic's name", async () => {
  assert.deepEqual(await reportMade(doc, [ids.ann!, ids.ann!], ids.ann!), {
    record: { patientId: ids.ann, clinicId: clinics.second },
    rows: [[ids.ann, "report_made", clinics.second]],
  });
  assert.deepEqual(await reportMade(doc, [ids.ben!], ids.ben!), {
    record: { patientId: ids.ben, clinicId: clinics.first },
    rows: [[ids.ben, "report_made", clinics.first]],
  });
  // Several patients: nobody's record, every patient audited, no clinic named.
  assert.deepEqual(await reportMade(doc, [ids.ann!, ids.ben!, ids.ann!], null), {
    record: null,
    rows: [
      [ids.ann, "report_made", null],
      [ids.ben, "report_made", null],
    ],
  });
});

test("auditReportMade: a report by someone the rule refuses stays outside the record; the admin's enters it; a patient's own is unaudited", async () => {
  assert.deepEqual(await reportMade(doc, [ids.cat!], ids.cat!), { record: null, rows: [[ids.cat, "report_made", null]] });
  assert.deepEqual(await reportMade(null, [ids.ann!], ids.ann!), { record: null, rows: [[ids.ann, "report_made", null]] });
  assert.deepEqual(await reportMade(ann, [ids.ben!], ids.ben!), { record: null, rows: [[ids.ben, "report_made", null]] });
  assert.deepEqual(await reportMade(admin, [ids.cat!], ids.cat!), {
    record: { patientId: ids.cat, clinicId: null },
    rows: [[ids.cat, "report_made", null]],
  });
  assert.deepEqual(await reportMade(ann, [ids.ann!, ids.ann!], ids.ann!), { record: { patientId: ids.ann, clinicId: null }, rows: [] });
  assert.deepEqual(await reportMade(ann, [ids.ann!, ids.ben!], null), { record: null, rows: [[ids.ben, "report_made", null]] });
});

test("actingClinics: a clinician acts for each of their clinics sharing with the patient (lowest first) or the one chosen; admins and non-clinicians for none", async () => {
  const { Prisma } = await import("@/lib/generated/prisma/client.ts");
  const acting = async (who: AuthUser, patient: number, clinicId?: number) => {
    const [row] = await db().$queryRaw<{ clinics: number[] | null }[]>`
      SELECT ${access.actingClinics(who, Prisma.sql`${patient}::int`, clinicId)} AS clinics`;
    return row!.clinics;
  };
  assert.deepEqual(await acting(doc, ids.ben!), [clinics.first, clinics.second]);
  assert.deepEqual(await acting(doc, ids.ben!, clinics.second), [clinics.second]);
  assert.deepEqual(await acting(doc, ids.ann!), [clinics.second]);
  assert.deepEqual(await acting(doc, ids.ann!, clinics.first), []);
  assert.deepEqual(await acting(doc, ids.cat!), []);
  assert.deepEqual(await acting(lone, ids.ben!), []);
  // The service's own context (NULL): the admin, an admin who is also a clinic's clinician, a member without the care provider role, a patient.
  assert.equal(await acting(admin, ids.ben!), null);
  assert.equal(await acting(user("doc", ["admin", "care_provider"]), ids.ben!), null);
  assert.equal(await acting(user("doc", ["patient"]), ids.ben!), null);
  assert.equal(await acting(ann, ids.ann!), null);
});

test("searchScope: the list's patients (or one clinic's), and a patient's own record with them but not in a clinic's", async () => {
  const searched = async (who: AuthUser, clinicId?: number) =>
    (
      await db().$queryRaw<{ id: number }[]>`
        SELECT c.id FROM contacts c WHERE c.kind = 'PATIENT' AND ${access.searchScope(who, "Patient", clinicId)} ORDER BY c.id`
    ).map((row) => row.id);
  assert.deepEqual(await searched(admin), [ids.ann, ids.ben, ids.cat]);
  assert.deepEqual(await searched(admin, clinics.first), [ids.ben]);
  assert.deepEqual(await searched(doc), [ids.ann, ids.ben]);
  assert.deepEqual(await searched(doc, clinics.first), [ids.ben]);
  assert.deepEqual(await searched(lone), []);
  assert.deepEqual(await searched(ann), [ids.ann]);
  assert.deepEqual(await searched(ann, clinics.second), []);
  assert.deepEqual(await searched(ann, clinics.first), []);
  // Ann as a clinician of no clinic: still her own record.
  assert.deepEqual(await searched(user("ann", ["patient", "care_provider"], "PATIENT")), [ids.ann]);
});
