// A patient's history as CSV (GET /patients/{id}/export): one row per record, oldest first, the
// finger joints as columns; through the access rule like every read of one patient's data.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { painBody, romBody } from "@/lib/assessments/examples";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
const as = (persona: string) => ({ headers: { authorization: "Bearer development", "x-dev-user": persona } });
const api = () => apiClient(server.origin);

before(async () => {
  server = await startServer({ env: { AUTH0_DOMAIN: undefined } });
  // Care-team rule: the development patient shares with a clinic the development care provider belongs to.
  const clinic = (await api().post<{ id: number; joinCode: string }>("/clinics", { name: "Export clinic" }, as("admin"))).body;
  assert.equal(
    (await api().post(`/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" }, as("admin"))).status,
    201,
  );
  assert.equal((await api().post("/me/clinics", { joinCode: clinic.joinCode }, as("patient"))).status, 201);
});
after(() => server.stop());

test("a clinician downloads the patient's history as CSV with the wrist's and each finger joint's extension, flexion and arc", async () => {
  assert.equal((await api().post("/assessments/rom", romBody, as("patient"))).status, 201);
  assert.equal((await api().post("/assessments/pain-v2", painBody, as("patient"))).status, 201);
  const me = (await api().get<{ id: number }>("/patients/me", as("patient"))).body;

  const answer = await api().get<string>(`/patients/${me.id}/export`, as("care_provider"));
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get("content-type")!, /^text\/csv/);
  assert.equal(answer.headers.get("content-disposition"), `attachment; filename="patient-${me.id}-history.csv"`);
  const [header, ...rows] = answer.body.trimEnd().split("\r\n");
  const columns = header!.split(",");
  assert.deepEqual(columns.slice(0, 9), ["date", "code", "test", "hand", "measure", "value", "scale", "summary", "lighting"]);
  const rom = rows.find((row) => row.includes(",ROM,"))!.split(",");
  // romBody's index MCP: minAngle 3, maxAngle 85, rom 82 — an extension deficit of 3°, written −3/85, arc 82°.
  const joint = (header: string) => rom[columns.indexOf(header)];
  assert.deepEqual(["Index MCP extension (°)", "Index MCP flexion (°)", "Index MCP arc (°)", "Index PIP extension (°)"].map(joint), [
    "-3",
    "85",
    "82",
    "-1",
  ]);
  assert.deepEqual(["Wrist extension (°)", "Wrist flexion (°)"].map(joint), ["60", "70"]);
  assert.equal(joint("Index TAM (°)"), "", "no TAM without the finger's DIP");
  assert.deepEqual(
    [rom[columns.indexOf("measure")], rom[columns.indexOf("value")], rom[columns.indexOf("scale")]],
    ["Overall score", "72", "0–100 (higher is better)"],
  );
  // Worst pain as rated (6 of 10), not the wire's 100 × (1 − 6/10) = 40.
  const pain = rows.find((row) => row.includes(`,PAIN,${painBody.hand},`))!.split(",");
  assert.deepEqual(
    [pain[columns.indexOf("measure")], pain[columns.indexOf("value")], pain[columns.indexOf("scale")]],
    ["Worst pain", "6", "0–10 (lower is better)"],
  );
});

test("nobody else's: not another patient's (existing, unshared) history, none of their rows in this one, no anonymous caller; a bad id is a 400", async () => {
  // The mock user of development mode ("Bearer development" without a persona) is another patient,
  // whose record is not shared with the clinic.
  const other = { headers: { authorization: "Bearer development" } };
  const theirs = await api().post<{ formattedCode: string }>("/assessments/rom", romBody, other);
  assert.equal(theirs.status, 201);
  const them = (await api().get<{ id: number }>("/patients/me", other)).body;
  const me = (await api().get<{ id: number }>("/patients/me", as("patient"))).body;
  assert.notEqual(them.id, me.id);

  assert.equal((await api().get(`/patients/${them.id}/export`, as("care_provider"))).status, 404);
  assert.equal((await api().get(`/patients/${them.id}/export`, as("patient"))).status, 404);
  const mine = await api().get<string>(`/patients/${me.id}/export`, as("care_provider"));
  assert.equal(mine.status, 200);
  assert.ok(!mine.body.includes(theirs.body.formattedCode), "another patient's record is in this patient's history");

  assert.equal((await api().get(`/patients/${me.id}/export`, as("anonymous"))).status, 401);
  assert.equal((await api().get(`/patients/${me.id + 100000}/export`, as("care_provider"))).status, 404);
  const bad = await api().get<{ field: string }>("/patients/abc/export", as("care_provider"));
  assert.equal(bad.status, 400);
  assert.equal(bad.body.field, "id");
});
