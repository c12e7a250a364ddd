// The access audit trail against an in-process database: who is recorded (lib/access writes the
// rows), when a row is skipped, and the admin list's filters and order.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let audit: typeof import("@/lib/audit");
let access: typeof import("@/lib/access");
let db: typeof import("@/lib/db").db;
const ids: Record<string, number> = {};

before(async () => {
  database = await useFreshDatabase();
  audit = await import("@/lib/audit");
  access = await import("@/lib/access");
  ({ db } = await import("@/lib/db"));
  for (const name of ["ann", "ben", "cat", "dan"]) {
    ids[name] = (await db().contact.create({ data: { sub: `test|${name}`, kind: "PATIENT", roles: ["patient"] } })).id;
  }
});
after(async () => {
  await dropDatabase(database);
});

const user = (name: string, roles: AuthUser["roles"]): AuthUser => ({
  sub: `test|${name}`,
  email: null,
  name: null,
  roles,
  contactId: ids[name] ?? 0,
  kind: "PATIENT",
});

const context = (who: AuthUser | null, requestId: string, clientRequestId: string | null = null): AccessContext => ({
  user: who,
  route: "/api/patients/{id}",
  requestId,
  clientRequestId,
  address: "10.3.0.1",
  limits: { key: "client:10.3.0.1", site: null },
});

const rowsFor = (requestId: string) =>
  db().auditEvent.findMany({ where: { requestId }, orderBy: { id: "asc" }, omit: { id: true, createdAt: true } });

test("a row names the actor's most privileged role, the action, the route pattern and both request ids", async () => {
  const cases: [AuthUser | null, string, string][] = [
    [user("x-admin", ["patient", "care_provider", "admin"]), "admin", "test|x-admin"],
    [user("x-provider", ["patient", "care_provider"]), "care_provider", "test|x-provider"],
    [user("x-patient", ["patient"]), "patient", "test|x-patient"],
    [user("x-none", []), "none", "test|x-none"],
    [null, "anonymous", "anonymous"],
  ];
  for (const [who, role, sub] of cases) {
    await access.auditShown(context(who, `req-role-${role}`, "client-1"), [ids.ann!], "read_profile");
    assert.deepEqual(await rowsFor(`req-role-${role}`), [
      {
        actorSub: sub,
        actorRole: role,
        patientId: ids.ann,
        action: "read_profile",
        route: "/api/patients/{id}",
        requestId: `req-role-${role}`,
        clientRequestId: "client-1",
        clientAddress: "10.3.0.1",
        clinicId: null,
      },
    ]);
  }
});

test("patients reading their own data leave no row, unless the action is always recorded (claims)", async () => {
  await access.auditShown(context(user("ann", ["patient"]), "req-own"), [ids.ann!], "read_profile");
  assert.deepEqual(await rowsFor("req-own"), []);
  await access.auditOwnAction({ ...context(user("ann", ["patient"]), "req-claim"), user: user("ann", ["patient"]) }, "claim");
  assert.equal((await rowsFor("req-claim")).length, 1);
  await access.auditShown(context(user("ann", ["patient"]), "req-other"), [ids.ben!], "read_profile");
  assert.equal((await rowsFor("req-other")).length, 1);
});

test("a list records one row per other patient shown, each once, and nothing when it showed only the caller", async () => {
  const ann = user("ann", ["patient", "care_provider"]);
  await access.auditShown(context(ann, "req-many", "c-9"), [ids.ben!, ids.ann!, ids.cat!, ids.ben!], "patient_list");
  const rows = await rowsFor("req-many");
  assert.deepEqual(
    rows.map((r) => r.patientId),
    [ids.ben, ids.cat],
  );
  for (const row of rows) {
    assert.deepEqual(
      { ...row, patientId: 0 },
      {
        actorSub: "test|ann",
        actorRole: "care_provider",
        patientId: 0,
        action: "patient_list",
        route: "/api/patients/{id}",
        requestId: "req-many",
        clientRequestId: "c-9",
        clientAddress: "10.3.0.1",
        clinicId: null,
      },
    );
  }
  await access.auditShown(context(ann, "req-self"), [ids.ann!, ids.ann!], "patient_list");
  await access.auditShown(context(ann, "req-none"), [], "patient_list");
  assert.deepEqual(await rowsFor("req-self"), []);
  assert.deepEqual(await rowsFor("req-none"), []);
  await access.auditShown(context(null, "req-anon"), [ids.dan!], "report_email");
  assert.deepEqual(
    (await rowsFor("req-anon")).map((r) => [r.actorSub, r.actorRole]),
    [["anonymous", "anonymous"]],
  );
});

/** The admin reading the trail (each read is itself a row, written after the read). */
const list = (query: Parameters<typeof audit.listAuditEvents>[0]) =>
  audit.listAuditEvents(query, context(user("auditor", ["admin"]), "req-reader"));

test("the admin list: newest first (ties by id), filtered by patient, actor and a half-open time range, paged, with the total", async () => {
  const doc = user("doc", ["care_provider"]);
  await access.auditShown(context(doc, "req-list"), [ids.ann!, ids.ben!, ids.cat!, ids.dan!], "patient_list");
  const query = { limit: 50, offset: 0 };
  const total = await db().auditEvent.count();
  const all = await list(query);
  assert.equal(all.total, total);
  assert.equal(all.events.length, total);
  for (let i = 1; i < all.events.length; i++) {
    const [newer, older] = [all.events[i - 1]!, all.events[i]!];
    assert.ok(newer.createdAt > older.createdAt || (newer.createdAt === older.createdAt && newer.id > older.id), "newest first");
  }
  assert.match(all.events[0]!.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

  const danRows = await db().auditEvent.count({ where: { patientId: ids.dan } });
  const byPatient = await list({ ...query, patientId: ids.dan });
  assert.ok(byPatient.events.every((e) => e.patientId === ids.dan));
  assert.equal(byPatient.total, danRows);
  assert.ok(byPatient.total >= 2 && byPatient.total < total);

  const byActor = await list({ ...query, actor: "test|doc" });
  assert.deepEqual(
    byActor.events.map((e) => e.patientId),
    [ids.dan, ids.cat, ids.ben, ids.ann],
  );
  assert.equal(byActor.total, 4);

  const at = byActor.events[0]!.createdAt;
  const from = await list({ ...query, actor: "test|doc", from: at });
  assert.equal(from.total, 4, "from is inclusive");
  const to = await list({ ...query, actor: "test|doc", to: at });
  assert.equal(to.total, 0, "to is exclusive");
  const later = new Date(Date.parse(at) + 1).toISOString();
  assert.equal((await list({ ...query, actor: "test|doc", to: later })).total, 4);
  assert.equal((await list({ ...query, actor: "test|doc", from: later })).total, 0);
  assert.equal((await list({ ...query, actor: "test|doc", from: at, to: later })).total, 4);

  const page = await list({ limit: 2, offset: 1, actor: "test|doc" });
  assert.deepEqual(
    page.events.map((e) => e.patientId),
    [ids.cat, ids.ben],
  );
  assert.equal(page.total, 4);
});

test("newest first means by time, not by insertion: a row recorded later with an earlier time lists after", async () => {
  const columns = {
    actorSub: "test|late",
    actorRole: "care_provider",
    action: "x.read",
    route: "/api/x",
    requestId: "req-late",
    clientRequestId: null,
  };
  await db().auditEvent.create({ data: { ...columns, patientId: ids.ann!, createdAt: new Date("2026-01-02T00:00:00Z") } });
  await db().auditEvent.create({ data: { ...columns, patientId: ids.ben!, createdAt: new Date("2026-01-01T00:00:00Z") } });
  const { events } = await list({ limit: 50, offset: 0, actor: "test|late" });
  assert.deepEqual(
    events.map((e) => [e.patientId, e.createdAt]),
    [
      [ids.ann, "2026-01-02T00:00:00.000Z"],
      [ids.ben, "2026-01-01T00:00:00.000Z"],
    ],
  );
});

test("reading the trail is itself a row: the reader, audit_read, about no one patient", async () => {
  const reader = user("trail-reader", ["admin"]);
  await audit.listAuditEvents({ limit: 1, offset: 0 }, context(reader, "req-trail-read"));
  assert.deepEqual(await rowsFor("req-trail-read"), [
    {
      actorSub: "test|trail-reader",
      actorRole: "admin",
      patientId: null,
      action: "audit_read",
      route: "/api/patients/{id}",
      requestId: "req-trail-read",
      clientRequestId: null,
      clientAddress: "10.3.0.1",
      clinicId: null,
    },
  ]);
});
