// Issue 38, item 4: bulk export cost nothing. Kick-offs and downloads spent no allowance, only
// queued or running exports counted (finished copies piled up), and BULK_EXPORT_MAX_ACTIVE was
// service-wide, so patients looping on exports of their own records made a clinician's kick-off
// fail. Now each requester has a daily allowance of kick-offs and an hourly one of downloads, holds
// at most BULK_EXPORT_MAX_KEPT exports (finished ones included), and patients' own exports have
// their own cap beside the clinics'.
// Own server: bulk-export allowances it spends.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import { romBody } from "@/lib/assessments/examples";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

const ASYNC = { prefer: "respond-async", accept: "application/fhir+json" };

let idp: IdentityProvider;
let database: TestDatabase;
let server: TestServer;
let api: ReturnType<typeof apiClient>;

async function newPatient(): Promise<string> {
  const token = await idp.token({ sub: uniqueSub("patient"), roles: ["patient"] });
  assert.equal((await api.post("/assessments/rom", romBody, { token })).status, 201);
  return token;
}

const get = (url: string, token: string, method = "GET") =>
  fetch(url, { method, headers: { authorization: `Bearer ${token}`, accept: "application/fhir+json" } }).then(async (response) => {
    await checked(server.origin, method, new URL(url).pathname.replace(/^\/api/, ""), response.clone());
    return response;
  });

const kickOff = (token: string) => api.get("/fhir/Patient/$export", { token, headers: ASYNC });

/** A kick-off polled to its manifest: the status URL and the first file's URL. */
async function finished(token: string): Promise<{ status: string; file: string }> {
  const started = await kickOff(token);
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const status = started.headers.get("content-location")!;
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await get(status, token);
    if (response.status === 200) return { status, file: ((await response.json()) as { output: { url: string }[] }).output[0]!.url };
    assert.equal(response.status, 202);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${status} still running`);
}

function assertTooMany(response: { status: number; headers: Headers; body: any }, message: RegExp): void {
  assert.equal(response.status, 429, JSON.stringify(response.body));
  assert.equal(response.body.resourceType, "OperationOutcome");
  assert.match(response.body.issue[0].diagnostics, message);
  assert.match(response.headers.get("retry-after") ?? "", /^\d+$/);
}

before(async () => {
  idp = await startIdentityProvider();
  database = await createTestDatabase();
  server = await startServer({
    database,
    env: {
      ...idp.env,
      ...(await ownOriginEnv()),
      RATE_LIMIT: "on",
      BULK_EXPORT_KICKOFFS_PER_DAY: "4",
      BULK_EXPORT_DOWNLOADS_PER_HOUR: "2",
      BULK_EXPORT_MAX_KEPT: "2",
      BULK_EXPORT_MAX_ACTIVE: "1",
      BULK_EXPORT_MAX_ACTIVE_PATIENTS: "1",
    },
  });
  api = apiClient(server.origin);
});
after(async () => {
  await server?.stop();
  await database?.drop();
  await idp?.close();
});

test("finished exports count toward the requester's quota: past BULK_EXPORT_MAX_KEPT a kick-off is a 429 until one is deleted", async () => {
  const token = await newPatient();
  const first = await finished(token);
  await finished(token);
  assertTooMany(await kickOff(token), /You hold 2 exports/);
  assert.equal((await get(first.status, token, "DELETE")).status, 202);
  await finished(token);
});

test("kick-offs spend a daily allowance per requester", async () => {
  const token = await newPatient();
  for (let round = 0; round < 4; round++) {
    const { status } = await finished(token);
    assert.equal((await get(status, token, "DELETE")).status, 202);
  }
  const over = await kickOff(token);
  assertTooMany(over, /Too many bulk exports/);
  assert.equal(over.body.issue[0].code, "throttled");
});

test("downloads spend an hourly allowance per requester", async () => {
  const token = await newPatient();
  const { file } = await finished(token);
  for (let download = 0; download < 2; download++) assert.equal((await get(file, token)).status, 200);
  const over = await get(file, token);
  assert.equal(over.status, 429);
  assert.match(over.headers.get("retry-after") ?? "", /^\d+$/);
  assert.match(((await over.json()) as { issue: { diagnostics: string }[] }).issue[0]!.diagnostics, /Too many bulk export downloads/);
});

test("patients' own exports have their own cap: while theirs is full a clinician's kick-off is still accepted", async (t) => {
  if (database.kind !== "postgres") return t.skip("holds a lock from another connection: PostgreSQL only");
  const [first, second] = [await newPatient(), await newPatient()];
  const clinician = await idp.token({ sub: uniqueSub("clinician"), roles: ["care_provider"] });
  // Holding the files table keeps an accepted export running (its job waits for the lock).
  const blocker = new pg.Client({ connectionString: database.url });
  await blocker.connect();
  try {
    await blocker.query("BEGIN");
    await blocker.query("LOCK TABLE bulk_export_files IN ACCESS EXCLUSIVE MODE");
    assert.equal((await kickOff(first)).status, 202);
    assertTooMany(await kickOff(second), /at most 1 patients' exports/);
    const clinicians = await kickOff(clinician);
    assert.equal(clinicians.status, 202, JSON.stringify(clinicians.body));
  } finally {
    await blocker.query("ROLLBACK");
    await blocker.end();
  }
});
