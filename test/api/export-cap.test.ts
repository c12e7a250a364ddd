// The history CSV's cap (GET /patients/{id}/export, EXPORT_MAX_RECORDS): a patient with more records
// than one export holds gets the newest of them, oldest first, and the X-Records-Left-Out header
// says how many older ones were left out. Its own server: the records are written into the database
// between two starts (PGlite opens a database in one process at a time).
// Own server: a database seeded past the export's cap.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { parse } from "csv-parse/sync";
import { generateCode } from "@/lib/codes";
import { EXPORT_MAX_RECORDS } from "@/lib/patients/history";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient, checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

const as = (persona: string) => ({ authorization: "Bearer development", "x-dev-user": persona });
/** Records older than the API's, written straight into the database: one more than the cap. */
const SEEDED = EXPORT_MAX_RECORDS + 1;
let database: TestDatabase;
let server: TestServer;
let patientId: number;
let latestCode: string;
const serve = async () => (server = await startServer({ database, env: { AUTH0_DOMAIN: undefined } }));

before(async () => {
  database = await createTestDatabase();
  await serve();
  const api = apiClient(server.origin);
  const clinic = (await api.post<{ id: number; joinCode: string }>("/clinics", { name: "Cap clinic" }, { headers: as("admin") })).body;
  assert.equal(
    (await api.post(`/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" }, { headers: as("admin") })).status,
    201,
  );
  assert.equal((await api.post("/me/clinics", { joinCode: clinic.joinCode }, { headers: as("patient") })).status, 201);
  const latest = await api.post<{ code: string }>(
    "/assessments/quickdash",
    { hand: "RIGHT", responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] },
    { headers: as("patient") },
  );
  assert.equal(latest.status, 201);
  latestCode = latest.body.code;
  patientId = (await api.get<{ id: number }>("/patients/me", { headers: as("patient") })).body.id;
  await server.stop();
  const codes = new Set<string>([latestCode.replace("-", "")]);
  while (codes.size < SEEDED + 1) codes.add(generateCode());
  codes.delete(latestCode.replace("-", ""));
  // Seeded record n is n days before today's (1 the newest): the oldest is SEEDED days back.
  await queryDatabase(
    database,
    `INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, owner_id, date_created)
     SELECT code, 'FINGER_TAPPING', 'LEFT', jsonb_build_object('overallScore', 60), false, $1, now() - (n * interval '1 day')
       FROM unnest($2::text[]) WITH ORDINALITY AS u(code, n)`,
    [patientId, [...codes]],
  );
  await serve();
});
after(async () => {
  await server.stop();
  await database.drop();
});

test("past the cap the history CSV keeps the newest records, oldest first, and counts the older ones left out", async () => {
  const path = `/patients/${patientId}/export`;
  const answer = await fetch(`${server.origin}/api${path}`, { headers: { ...as("care_provider"), "accept-language": "en" } });
  await checked(server.origin, "GET", path, answer.clone());
  assert.equal(answer.status, 200);
  // One record more than the cap in the database besides the API's: the two oldest are left out.
  assert.equal(answer.headers.get("x-records-left-out"), "2");
  const rows = parse((await answer.text()).replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
  const records = [...new Set(rows.map((row) => row["Result code"]!.replace("-", "")))];
  assert.equal(records.length, EXPORT_MAX_RECORDS);
  assert.equal(records.at(-1), latestCode.replace("-", ""), "the latest result, sent through the API, is the last record");
  const instants = [...new Set(rows.map((row) => row["UTC timestamp"]))].map((instant) => Date.parse(instant!));
  assert.deepEqual(
    instants,
    [...instants].sort((a, b) => a - b),
    "oldest first",
  );
  // The oldest record kept is EXPORT_MAX_RECORDS − 1 days back (the seeded ones at SEEDED and SEEDED − 1 days are out).
  const oldestDays = (Date.now() - instants[0]!) / 86_400_000;
  assert.equal(Math.round(oldestDays), EXPORT_MAX_RECORDS - 1, "the oldest record kept, in days before now");
});
