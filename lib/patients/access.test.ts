// Who may read whom, against an in-process database.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { AuthUser } from "@/lib/auth/guard";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let access: typeof import("@/lib/patients/access");
let ApiError: typeof import("@/lib/api/errors").ApiError;
let patientId: number;
let staffContactId: number;

before(async () => {
  database = await useFreshDatabase();
  access = await import("@/lib/patients/access");
  ({ ApiError } = await import("@/lib/api/errors"));
  const { db } = await import("@/lib/db");
  patientId = (await db().contact.create({ data: { sub: "test|pat", kind: "PATIENT", roles: ["patient"] } })).id;
  staffContactId = (await db().contact.create({ data: { sub: "test|doc", kind: "STAFF", roles: ["care_provider"] } })).id;
});
after(async () => {
  await dropDatabase(database);
});

const user = (contactId: number, roles: AuthUser["roles"], kind: AuthUser["kind"] = "PATIENT"): AuthUser => ({
  sub: `test|${contactId}`,
  email: null,
  name: null,
  roles,
  contactId,
  kind,
});

async function status(promise: Promise<unknown> | (() => unknown)): Promise<[number, string] | "ok"> {
  try {
    await (typeof promise === "function" ? promise() : promise);
    return "ok";
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    return [error.status, error.message];
  }
}

test("care providers and admins are staff; patients and callers without roles are not", () => {
  assert.equal(access.isStaff(user(1, ["care_provider"])), true);
  assert.equal(access.isStaff(user(1, ["admin"])), true);
  assert.equal(access.isStaff(user(1, ["patient", "admin"])), true);
  assert.equal(access.isStaff(user(1, ["patient"])), false);
  assert.equal(access.isStaff(user(1, [])), false);
});

test("a patient reads only their own records; staff read anyone's", async () => {
  assert.equal(await status(() => access.assertMayRead(user(5, ["patient"]), 5)), "ok");
  assert.deepEqual(await status(() => access.assertMayRead(user(5, ["patient"]), 6)), [403, "Patients may read only their own records"]);
  assert.deepEqual(await status(() => access.assertMayRead(user(5, []), 6)), [403, "Patients may read only their own records"]);
  assert.equal(await status(() => access.assertMayRead(user(5, ["care_provider"], "STAFF"), 6)), "ok");
  assert.equal(await status(() => access.assertMayRead(user(5, ["admin"], "STAFF"), 6)), "ok");
});

test("only a patient contact is a patient: staff contacts and unknown ids are 404", async () => {
  assert.equal(await status(access.assertPatient(patientId)), "ok");
  assert.deepEqual(await status(access.assertPatient(staffContactId)), [404, "Patient not found"]);
  assert.deepEqual(await status(access.assertPatient(999_999)), [404, "Patient not found"]);
});

test("a patient probing another id is refused before existence is checked (403 for real and unknown ids alike)", async () => {
  const probing = user(patientId, ["patient"]);
  assert.deepEqual(await status(access.assertMayReadPatient(probing, 999_999)), [403, "Patients may read only their own records"]);
  assert.deepEqual(await status(access.assertMayReadPatient(probing, staffContactId)), [403, "Patients may read only their own records"]);
  assert.equal(await status(access.assertMayReadPatient(probing, patientId)), "ok");
  const staff = user(staffContactId, ["care_provider"], "STAFF");
  assert.deepEqual(await status(access.assertMayReadPatient(staff, 999_999)), [404, "Patient not found"]);
  assert.equal(await status(access.assertMayReadPatient(staff, patientId)), "ok");
});

test("only patients have their own records", async () => {
  assert.equal(access.ownPatientId(user(patientId, ["patient"])), patientId);
  assert.deepEqual(await status(() => access.ownPatientId(user(staffContactId, ["care_provider"], "STAFF"))), [
    403,
    "Only patients have their own records; this token names staff roles only",
  ]);
});
