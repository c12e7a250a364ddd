// The SMART scope rules on top of the access rule, against an in-process database: a scope must
// cover each resource type an action reads (403 otherwise), patient/ scopes open only the token's
// patient context and only where the role rule lets the caller in too, user/ scopes follow the
// role rule, system/ scopes (backend tokens only) open every patient; and the lists and searches
// the same.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { PatientAction } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { smartGrant } from "@/lib/auth/smart";
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
    ids[name] = (await db().contact.create({ data: { sub: `smart|${name}`, kind: "PATIENT", roles: ["patient"] } })).id;
  }
  for (const name of ["first", "second"]) {
    clinics[name] = (await db().clinic.create({ data: { name, joinCode: generateJoinCode(), createdBy: "test" } })).id;
  }
  // doc belongs to both clinics; Ann shares with the second, Ben with both, Cat with none.
  await db().clinicMember.createMany({
    data: ["first", "second"].map((name) => ({ clinicId: clinics[name]!, sub: "smart|doc", role: "clinician", addedBy: "test" })),
  });
  await db().patientShare.createMany({
    data: [
      { patientId: ids.ann!, clinicId: clinics.second! },
      { patientId: ids.ben!, clinicId: clinics.first! },
      { patientId: ids.ben!, clinicId: clinics.second! },
    ],
  });
});
after(async () => {
  await dropDatabase(database);
});

/** A caller whose token carries `claims` (scope, patient context, grant type) on top of its roles. */
function smartUser(name: string, roles: AuthUser["roles"], claims: Record<string, unknown>, kind: AuthUser["kind"] = "STAFF"): AuthUser {
  const sub = `smart|${name}`;
  return { sub, email: null, name: null, roles, contactId: ids[name] ?? 0, kind, smart: smartGrant({ sub, ...claims }) };
}
const backend = (scope: string) => smartUser("service", [], { scope, gty: "client-credentials" });

let requests = 0;
function context(who: AuthUser): AccessContext {
  return {
    user: who,
    route: "/api/fhir/Patient/{id}",
    requestId: `smart-${++requests}`,
    clientRequestId: null,
    address: "10.5.0.1",
    limits: { key: "client:10.5.0.1", site: null },
  };
}

/** The handle's clinic and the audit rows the open wrote, or the refusal's status, message and challenge. */
async function open(who: AuthUser, patient: number, action: PatientAction = "fhir_read_patient") {
  const caller = context(who);
  const rows = () =>
    db().auditEvent.findMany({ where: { requestId: caller.requestId }, select: { patientId: true, action: true, clinicId: true } });
  try {
    const handle = await access.openPatient(caller, patient, action);
    return { clinicId: handle.clinicId, rows: await rows() };
  } catch (error) {
    const { status, message, headers } = error as { status: number; message: string; headers?: Record<string, string> };
    return { refused: [status, message, headers?.["www-authenticate"] ?? null], rows: await rows() };
  }
}
const notFound = [404, "Patient not found", null];

test("SMART scopes open FHIR reads only: any other action is a 403 that says so", async () => {
  assert.deepEqual(await open(smartUser("doc", ["care_provider"], { scope: "user/*.rs" }), ids.ann!, "read_profile"), {
    refused: [
      403,
      "This token carries SMART scopes, which grant FHIR reads only",
      'Bearer realm="hand-assessment", error="insufficient_scope"',
    ],
    rows: [],
  });
});

test("a scope must cover every type the action reads and its interaction; the 403 names the first missing one", async () => {
  const observations = smartUser("doc", ["care_provider"], { scope: "user/Observation.r" });
  assert.deepEqual((await open(observations, ids.ann!, "fhir_read_patient")).refused, [
    403,
    "The token's scopes do not allow reading Patient (needs e.g. patient/Patient.r)",
    'Bearer realm="hand-assessment", error="insufficient_scope", scope="patient/Patient.r user/Patient.r system/Patient.r"',
  ]);
  assert.deepEqual((await open(observations, ids.ann!, "fhir_search_observations")).refused?.slice(0, 2), [
    403,
    "The token's scopes do not allow searching Observation (needs e.g. patient/Observation.s)",
  ]);
  assert.equal((await open(observations, ids.ann!, "fhir_read_observation")).clinicId, clinics.second);
  const twoOfThree = smartUser("doc", ["care_provider"], { scope: "user/Patient.r user/Observation.r" });
  assert.deepEqual((await open(twoOfThree, ids.ann!, "fhir_everything")).refused?.slice(0, 2), [
    403,
    "The token's scopes do not allow reading DiagnosticReport (needs e.g. patient/DiagnosticReport.r)",
  ]);
});

test("patient/ scopes open the token's patient context only, and only where the role rule lets the caller in", async () => {
  const annContext = smartUser("doc", ["care_provider"], { scope: "patient/*.rs", patient: String(ids.ann) });
  assert.deepEqual(await open(annContext, ids.ann!), {
    clinicId: clinics.second,
    rows: [{ patientId: ids.ann, action: "fhir_read_patient", clinicId: clinics.second }],
  });
  // Ben shares with doc's clinics, but he is not the token's patient.
  assert.deepEqual(await open(annContext, ids.ben!), { refused: notFound, rows: [] });
  // Cat is the token's patient, but she shares with none of doc's clinics.
  const catContext = smartUser("doc", ["care_provider"], { scope: "patient/*.rs", patient: ids.cat });
  assert.deepEqual(await open(catContext, ids.cat!), { refused: notFound, rows: [] });
  assert.deepEqual((await open(smartUser("doc", ["care_provider"], { scope: "patient/*.rs" }), ids.ann!)).refused, notFound);
  // A patient whose own token names them: their own record, unaudited.
  const self = smartUser("ann", ["patient"], { scope: "patient/Patient.r", patient: ids.ann }, "PATIENT");
  assert.deepEqual(await open(self, ids.ann!), { clinicId: null, rows: [] });
});

test("user/ scopes follow the role rule whatever the patient context", async () => {
  const clinician = smartUser("doc", ["care_provider"], { scope: "user/Patient.rs", patient: ids.ann });
  assert.deepEqual(await open(clinician, ids.ben!), {
    clinicId: clinics.first,
    rows: [{ patientId: ids.ben, action: "fhir_read_patient", clinicId: clinics.first }],
  });
  assert.deepEqual((await open(clinician, ids.cat!)).refused, notFound);
  assert.deepEqual((await open(smartUser("nobody", [], { scope: "user/Patient.rs" }), ids.ann!)).refused, notFound);
});

test("system/ scopes open every patient for a backend token, audited with no clinic; for anyone else they grant nothing", async () => {
  assert.deepEqual(await open(backend("system/*.rs"), ids.cat!, "fhir_everything"), {
    clinicId: null,
    rows: [{ patientId: ids.cat, action: "fhir_everything", clinicId: null }],
  });
  assert.deepEqual((await open(backend("system/*.rs"), 999_999)).refused, notFound);
  const person = smartUser("doc", ["care_provider"], { scope: "system/*.rs", client_id: "app" });
  assert.equal((await open(person, ids.ann!)).refused?.[0], 403);
  // A system/ scope for some of the types read and a user/ one for the rest: the role rule decides.
  const mixed = smartUser("service", [], {
    scope: "system/Patient.r system/Observation.r user/DiagnosticReport.r",
    gty: "client-credentials",
  });
  assert.deepEqual((await open(mixed, ids.cat!, "fhir_everything")).refused, notFound);
  assert.deepEqual((await open(mixed, ids.cat!, "fhir_read_patient")).rows, [
    { patientId: ids.cat, action: "fhir_read_patient", clinicId: null },
  ]);
});

test("lists: system/ every patient (or one clinic's), user/ the role rule's, patient/ the context if the rule lists it", async () => {
  const listed = async (who: AuthUser, clinicId?: number) =>
    (
      await db().$queryRaw<{ id: number }[]>`
        SELECT c.id FROM contacts c WHERE c.kind = 'PATIENT' AND ${access.listScope(who, clinicId)} ORDER BY c.id`
    ).map((row) => row.id);
  assert.deepEqual(await listed(backend("system/*.s")), [ids.ann, ids.ben, ids.cat]);
  assert.deepEqual(await listed(backend("system/*.s"), clinics.first), [ids.ben]);
  // A system/ scope on a token that is no backend's counts for nothing.
  assert.deepEqual(await listed(smartUser("doc", ["care_provider"], { scope: "system/*.s" })), []);
  const doc = (claims: Record<string, unknown>) => smartUser("doc", ["care_provider"], claims);
  assert.deepEqual(await listed(doc({ scope: "user/*.s" })), [ids.ann, ids.ben]);
  assert.deepEqual(await listed(doc({ scope: "user/*.s" }), clinics.first), [ids.ben]);
  assert.deepEqual(await listed(smartUser("boss", ["admin"], { scope: "user/*.s" })), [ids.ann, ids.ben, ids.cat]);
  // A list needs a scope over every type: a search scope of one type lists no one.
  assert.deepEqual(await listed(doc({ scope: "user/Patient.s" })), []);
  assert.deepEqual(await listed(doc({ scope: "patient/Patient.s", patient: ids.ann })), []);
  assert.deepEqual(await listed(doc({ scope: "user/*.r" })), []);
  assert.deepEqual(await listed(doc({ scope: "patient/*.s", patient: ids.ann })), [ids.ann]);
  assert.deepEqual(await listed(doc({ scope: "patient/*.s", patient: ids.ann }), clinics.first), []);
  assert.deepEqual(await listed(doc({ scope: "patient/*.s", patient: ids.cat })), []);
  assert.deepEqual(await listed(doc({ scope: "patient/*.s" })), []);
  assert.deepEqual(await listed(smartUser("ann", ["patient"], { scope: "patient/*.s", patient: ids.ann }, "PATIENT")), [ids.ann]);
  assert.deepEqual(await listed(smartUser("ann", ["patient"], { scope: "patient/*.s", patient: ids.ben }, "PATIENT")), []);
});

test("each FHIR read names its type and interaction: that scope opens the context patient, the other interaction is a 403", async () => {
  const reads: [PatientAction, string, "r" | "s"][] = [
    ["fhir_read_patient", "Patient", "r"],
    ["fhir_read_observation", "Observation", "r"],
    ["fhir_search_observations", "Observation", "s"],
    ["fhir_read_diagnostic_report", "DiagnosticReport", "r"],
    ["fhir_search_diagnostic_reports", "DiagnosticReport", "s"],
    ["fhir_search_patients", "Patient", "s"],
    ["fhir_read_binary", "Binary", "r"],
  ];
  for (const [action, type, letter] of reads) {
    const granted = smartUser("doc", ["care_provider"], { scope: `patient/${type}.${letter}`, patient: ids.ann });
    assert.deepEqual(await open(granted, ids.ann!, action), {
      clinicId: clinics.second,
      rows: [{ patientId: ids.ann, action, clinicId: clinics.second }],
    });
    assert.deepEqual((await open(granted, ids.ben!, action)).refused, notFound, action);
    const other = letter === "r" ? "s" : "r";
    const wrong = smartUser("doc", ["care_provider"], { scope: `patient/${type}.${other}`, patient: ids.ann });
    assert.deepEqual((await open(wrong, ids.ann!, action)).refused?.slice(0, 2), [
      403,
      `The token's scopes do not allow ${letter === "r" ? "reading" : "searching"} ${type} (needs e.g. patient/${type}.${letter})`,
    ]);
  }
});

test("searches: a scope for searching the type, then as far as it reaches; a patient's own token finds their own record", async () => {
  const searched = async (who: AuthUser, type: string, clinicId?: number) =>
    (
      await db().$queryRaw<{ id: number }[]>`
        SELECT c.id FROM contacts c WHERE c.kind = 'PATIENT' AND ${access.searchScope(who, type, clinicId)} ORDER BY c.id`
    ).map((row) => row.id);
  const doc = (claims: Record<string, unknown>) => smartUser("doc", ["care_provider"], claims);
  const observations = doc({ scope: "user/Observation.s" });
  assert.deepEqual(await searched(observations, "Observation"), [ids.ann, ids.ben]);
  assert.deepEqual(await searched(observations, "Observation", clinics.first), [ids.ben]);
  assert.throws(() => access.searchScope(observations, "Patient"), {
    status: 403,
    message: "The token's scopes do not allow searching Patient (needs e.g. patient/Patient.s)",
  });
  assert.throws(() => access.searchScope(doc({ scope: "user/Observation.r" }), "Observation"), { status: 403 });
  assert.deepEqual(await searched(backend("system/Observation.s"), "Observation"), [ids.ann, ids.ben, ids.cat]);
  assert.deepEqual(await searched(backend("system/Observation.s"), "Observation", clinics.first), [ids.ben]);
  // patient/: the context patient, where the role rule (and the clinic chosen) lets the caller in.
  assert.deepEqual(await searched(doc({ scope: "patient/Observation.s", patient: ids.ann }), "Observation"), [ids.ann]);
  assert.deepEqual(await searched(doc({ scope: "patient/Observation.s", patient: ids.ann }), "Observation", clinics.first), []);
  assert.deepEqual(await searched(doc({ scope: "patient/Observation.s", patient: ids.ben }), "Observation", clinics.first), [ids.ben]);
  assert.deepEqual(await searched(doc({ scope: "patient/Observation.s", patient: ids.cat }), "Observation"), []);
  assert.deepEqual(await searched(doc({ scope: "patient/Observation.s" }), "Observation"), []);
  const annToken = (claims: Record<string, unknown>) => smartUser("ann", ["patient"], claims, "PATIENT");
  assert.deepEqual(await searched(annToken({ scope: "patient/Observation.s", patient: ids.ann }), "Observation"), [ids.ann]);
  assert.deepEqual(await searched(annToken({ scope: "patient/Observation.s", patient: ids.ben }), "Observation"), []);
  assert.deepEqual(await searched(annToken({ scope: "user/Observation.s" }), "Observation"), [ids.ann]);
});
