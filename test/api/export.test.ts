// A patient's history as CSV (GET /patients/{id}/export): one row per record, oldest first, the
// finger joints as columns; through the access rule like every read of one patient's data.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { painBody, romBody } from "@/lib/assessments/examples";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
const as = (persona: string) => ({ authorization: "Bearer development", "x-dev-user": persona });

before(async () => {
  server = await startServer({ env: { AUTH0_DOMAIN: undefined } });
  // Care-team rule: the development patient shares with a clinic the development care provider belongs to.
  const call = (persona: string, method: string, path: string, body: unknown) =>
    fetch(`${server.origin}/api${path}`, {
      method,
      headers: { ...as(persona), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const clinic = (await (await call("admin", "POST", "/clinics", { name: "Export clinic" })).json()) as { id: number; joinCode: string };
  assert.equal((await call("admin", "POST", `/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" })).status, 201);
  assert.equal((await call("patient", "POST", "/me/clinics", { joinCode: clinic.joinCode })).status, 201);
});
after(() => server.stop());

test("a clinician downloads the patient's history as CSV with the wrist's and each finger joint's extension, flexion and arc", async () => {
  const post = (path: string, body: unknown) =>
    fetch(`${server.origin}/api${path}`, {
      method: "POST",
      headers: { ...as("patient"), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  assert.equal((await post("/assessments/rom", romBody)).status, 201);
  assert.equal((await post("/assessments/pain-v2", painBody)).status, 201);
  const me = (await (await fetch(`${server.origin}/api/patients/me`, { headers: as("patient") })).json()) as { id: number };

  const answer = await fetch(`${server.origin}/api/patients/${me.id}/export`, { headers: as("care_provider") });
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get("content-type")!, /^text\/csv/);
  assert.equal(answer.headers.get("content-disposition"), `attachment; filename="patient-${me.id}-history.csv"`);
  const [header, ...rows] = (await answer.text()).trimEnd().split("\r\n");
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

test("nobody else's, no anonymous caller; a bad id is a 400", async () => {
  const me = (await (await fetch(`${server.origin}/api/patients/me`, { headers: as("patient") })).json()) as { id: number };
  assert.equal((await fetch(`${server.origin}/api/patients/${me.id}/export`, { headers: as("anonymous") })).status, 401);
  assert.equal((await fetch(`${server.origin}/api/patients/${me.id + 100000}/export`, { headers: as("care_provider") })).status, 404);
  const bad = await fetch(`${server.origin}/api/patients/abc/export`, { headers: as("care_provider") });
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { field: string }).field, "id");
});
