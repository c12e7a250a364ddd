// PATIENT_ACCESS=all-staff (the specification read literally, for single-practice installs): every
// care provider reads every patient, clinics or not, and each read by others is still audited.
// The care-team default is the API suites' (test/api/access-matrix.test.ts and the rest).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { AuthUser } from "@/lib/auth/guard";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

process.env.PATIENT_ACCESS = "all-staff";

let database: TestDatabase;
let access: typeof import("@/lib/access");
let db: typeof import("@/lib/db").db;
let patientId: number;

before(async () => {
  database = await useFreshDatabase();
  access = await import("@/lib/access");
  ({ db } = await import("@/lib/db"));
  patientId = (await db().contact.create({ data: { sub: "test|unshared", kind: "PATIENT", roles: ["patient"] } })).id;
});
after(async () => {
  await dropDatabase(database);
});

const caller = (roles: AuthUser["roles"], requestId: string) => ({
  user: { sub: `test|${requestId}`, email: null, name: null, roles, contactId: 0, kind: "STAFF" as const },
  route: "/api/patients/{id}",
  requestId,
  clientRequestId: null,
  address: "10.3.0.2",
  limits: { key: "client:10.3.0.2", site: null },
});

test("a care provider in no clinic reads a patient who shares with none, audited, with no clinic named", async () => {
  const handle = await access.openPatient(caller(["care_provider"], "req-all-staff"), patientId, "read_profile");
  assert.deepEqual([handle.patientId, handle.clinicId], [patientId, null]);
  const rows = await db().auditEvent.findMany({ where: { requestId: "req-all-staff" } });
  assert.deepEqual(
    rows.map((row) => [row.patientId, row.actorRole, row.clinicId]),
    [[patientId, "care_provider", null]],
  );
  const [listed] = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM contacts c WHERE c.kind = 'PATIENT' AND ${access.listScope(caller(["care_provider"], "req-list").user)}`;
  assert.equal(listed?.n, 1);
});

test("roles other than care provider and admin still read no one", async () => {
  await assert.rejects(access.openPatient(caller(["patient"], "req-other-patient"), patientId, "read_profile"), { status: 404 });
});

test("care-team writes still need a share: a member of a clinic the patient shares with writes in its name, any other care provider gets 403", async () => {
  const { generateJoinCode } = await import("@/lib/clinics/join-code");
  const clinic = await db().clinic.create({ data: { name: "shared", joinCode: generateJoinCode(), createdBy: "test" } });
  await db().clinicMember.create({ data: { clinicId: clinic.id, sub: "test|req-member", role: "clinician", addedBy: "test" } });
  const shared = (await db().contact.create({ data: { sub: "test|shared", kind: "PATIENT", roles: ["patient"] } })).id;
  await db().patientShare.create({ data: { patientId: shared, clinicId: clinic.id } });
  const member = caller(["care_provider"], "req-member");
  assert.equal((await access.openAsCareTeam(member, shared, "note_written")).clinicId, clinic.id);
  assert.deepEqual(
    (await db().auditEvent.findMany({ where: { requestId: "req-member" } })).map((row) => [row.patientId, row.clinicId]),
    [[shared, clinic.id]],
  );
  await assert.rejects(access.openAsCareTeam(caller(["care_provider"], "req-outsider"), shared, "note_written"), {
    status: 403,
    code: "NOT_CARE_TEAM",
  });
  assert.equal(await db().auditEvent.count({ where: { requestId: "req-outsider" } }), 0);
  // Reviews: every reader under all-staff acts in the service's own context, the member too.
  const { Prisma } = await import("@/lib/generated/prisma/client.ts");
  const [acting] = await db().$queryRaw<{ clinics: number[] | null }[]>`
    SELECT ${access.actingClinics(member.user, Prisma.sql`${shared}::int`)} AS clinics`;
  assert.equal(acting?.clinics, null);
});
