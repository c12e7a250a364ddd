// Goals (GET/PUT/DELETE /patients/me/goals and /patients/{id}/goals), marking reviewed from the
// list, and the history PDF (GET /patients/{id}/export/pdf): over HTTP against the real server,
// under the care-team rule (the development patient shares with the development clinician's clinic).
// Own server: it writes as the development personas, fixed users every such file would share.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, test } from "node:test";
import { dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let patientId: number;

const call = async (persona: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method,
    headers: {
      authorization: "Bearer development",
      "x-dev-user": persona,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await checked(server.origin, method, path, response);
  return { status: answer.status, body: answer.body === "" ? null : answer.body };
};

before(async () => {
  server = await startServer({ env: { AUTH0_DOMAIN: undefined } });
  const clinic = (await call("admin", "POST", "/clinics", { name: "Goals clinic" })).body as { id: number; joinCode: string };
  assert.equal((await call("admin", "POST", `/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" })).status, 201);
  assert.equal((await call("patient", "POST", "/me/clinics", { joinCode: clinic.joinCode })).status, 201);
  assert.equal((await call("patient", "POST", "/assessments/rom", romBody)).status, 201);
  assert.equal(
    (await call("patient", "POST", "/assessments/rom", { ...romBody, wrist: { ...romBody.wrist, max_extension_deg: 64 } })).status,
    201,
  );
  assert.equal((await call("patient", "POST", "/assessments/dexterity", dexterityBody)).status, 201);
  patientId = (await call("patient", "GET", "/patients/me")).body.id;
});
after(() => server.stop());

test("the patient sets a goal on a metric of a test; it comes back with its direction, words and measurements", async () => {
  const set = await call("patient", "PUT", "/patients/me/goals", { test: "ROM", metric: "extensionDeg", target: 70 });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.equal(set.body.text, "Wrist extension ≥ 70°");
  assert.equal(set.body.direction, "atLeast");
  assert.equal(set.body.setBy, "patient");
  assert.deepEqual(
    set.body.points.map((p: { value: number }) => p.value),
    [60, 64],
  );
  assert.deepEqual({ value: set.body.latest.value, reached: set.body.latest.reached }, { value: 64, reached: false });

  const dash = await call("patient", "PUT", "/patients/me/goals", { test: "QUICKDASH", metric: "quickDashScore", target: 20 });
  assert.equal(dash.status, 200);
  assert.equal(dash.body.text, "QuickDASH disability ≤ 20 / 100");
  assert.equal(dash.body.direction, "atMost");
  assert.equal(dash.body.latest, null);

  const mine = await call("patient", "GET", "/patients/me/goals");
  assert.deepEqual(
    mine.body.goals.map((g: { test: string; metric: string; target: number }) => [g.test, g.metric, g.target]),
    [
      ["ROM", "extensionDeg", 70],
      ["QUICKDASH", "quickDashScore", 20],
    ],
  );
});

test("a goal is validated against the kind's metric: unknown metric, out of range, unknown test", async () => {
  const metric = await call("patient", "PUT", "/patients/me/goals", { test: "ROM", metric: "quickDashScore", target: 20 });
  assert.equal(metric.status, 400);
  assert.equal(metric.body.field, "metric");
  const degrees = await call("patient", "PUT", "/patients/me/goals", { test: "ROM", metric: "extensionDeg", target: 200 });
  assert.equal(degrees.status, 400);
  assert.equal(degrees.body.field, "target");
  assert.match(degrees.body.error, /between 0 and 180/);
  const score = await call("patient", "PUT", "/patients/me/goals", { test: "DEXTERITY", metric: "overallScore", target: 101 });
  assert.equal(score.status, 400);
  assert.equal((await call("patient", "PUT", "/patients/me/goals", { test: "ELBOW", metric: "overallScore", target: 5 })).status, 400);
  assert.equal((await call("patient", "GET", "/patients/me/goals")).body.goals.length, 2, "nothing stored");
});

test("the clinician of a sharing clinic changes and removes the patient's goals; another clinic's finds no patient", async () => {
  const changed = await call("care_provider", "PUT", `/patients/${patientId}/goals`, { test: "ROM", metric: "extensionDeg", target: 62 });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.equal(changed.body.setBy, "clinician");
  assert.equal(changed.body.latest.reached, true, "64° reaches at least 62°");

  const read = await call("care_provider", "GET", `/patients/${patientId}/goals`);
  assert.equal(read.status, 200);
  assert.equal(read.body.goals[0].text, "Wrist extension ≥ 62°");

  assert.equal((await call("care_provider_2", "GET", `/patients/${patientId}/goals`)).status, 404);
  assert.equal(
    (await call("care_provider_2", "PUT", `/patients/${patientId}/goals`, { test: "ROM", metric: "extensionDeg", target: 1 })).status,
    404,
  );
  assert.equal((await call("care_provider_2", "DELETE", `/patients/${patientId}/goals/QUICKDASH/quickDashScore`)).status, 404);
  assert.equal((await call("anonymous", "GET", `/patients/${patientId}/goals`)).status, 401);

  assert.equal((await call("care_provider", "DELETE", `/patients/${patientId}/goals/QUICKDASH/quickDashScore`)).status, 204);
  assert.equal((await call("care_provider", "DELETE", `/patients/${patientId}/goals/QUICKDASH/quickDashScore`)).status, 204, "idempotent");
  const left = await call("patient", "GET", "/patients/me/goals");
  assert.deepEqual(
    left.body.goals.map((g: { text: string; setBy: string }) => [g.text, g.setBy]),
    [["Wrist extension ≥ 62°", "clinician"]],
  );

  const log = await call("patient", "GET", "/me/access-log");
  const what = log.body.entries.flatMap((e: { whats: string[] }) => e.whats);
  for (const action of ["goals", "goal set", "goal removed"]) assert.ok(what.includes(action), `access log names "${action}": ${what}`);

  assert.equal((await call("patient", "DELETE", "/patients/me/goals/ROM/extensionDeg")).status, 204);
  assert.deepEqual((await call("patient", "GET", "/patients/me/goals")).body.goals, []);
});

function pdfText(bytes: ArrayBuffer): string | null {
  const run = spawnSync("pdftotext", ["-layout", "-", "-"], { input: Buffer.from(bytes) });
  return run.error ? null : run.stdout.toString("utf8");
}

test("the history PDF: goals, score chart, finger joints by date and a section per test, for the clinician and the patient", async (t) => {
  assert.equal((await call("patient", "PUT", "/patients/me/goals", { test: "ROM", metric: "extensionDeg", target: 70 })).status, 200);
  const answer = await fetch(`${server.origin}/api/patients/${patientId}/export/pdf?timeZone=America/New_York&locale=en-US`, {
    headers: { authorization: "Bearer development", "x-dev-user": "care_provider" },
  });
  await checked(server.origin, "GET", `/patients/${patientId}/export/pdf`, answer.clone());
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("content-type"), "application/pdf");
  assert.equal(answer.headers.get("content-disposition"), `attachment; filename="patient-${patientId}-history.pdf"`);
  const bytes = await answer.arrayBuffer();
  assert.equal(Buffer.from(bytes).subarray(0, 5).toString("latin1"), "%PDF-");
  const text = pdfText(bytes);
  if (text === null) return t.skip("pdftotext is missing (Debian package poppler-utils)");
  for (const heading of [
    "Assessment history",
    "Goals",
    "Scores over time",
    "Wrist and finger joints by date",
    "Results by test",
    "Range of motion",
    "Dexterity",
  ]) {
    assert.ok(text.includes(heading), `section "${heading}" in:\n${text}`);
  }
  assert.match(text, /Wrist extension ≥ 70°/);
  assert.match(text, /not yet/);
  assert.match(text, /dates in America\/New York time/);
  assert.ok(!text.includes("FINGER_TAPPING") && !text.includes("QUICKDASH"), "no codes");

  const own = await fetch(`${server.origin}/api/patients/${patientId}/export/pdf`, {
    headers: { authorization: "Bearer development", "x-dev-user": "patient" },
  });
  assert.equal((await checked(server.origin, "GET", `/patients/${patientId}/export/pdf`, own)).status, 200);
  const other = await fetch(`${server.origin}/api/patients/${patientId}/export/pdf`, {
    headers: { authorization: "Bearer development", "x-dev-user": "care_provider_2" },
  });
  assert.equal((await checked(server.origin, "GET", `/patients/${patientId}/export/pdf`, other)).status, 404);
});

test("marking a flagged patient reviewed from the list: the row says so on the next page of the list too", async () => {
  // Worst pain 9 of 10 (severe from 7) raises the flag.
  const severe = { ...painBody, entries: [{ areaType: "WRIST", hand: "RIGHT", severity: 9 }] };
  assert.equal((await call("patient", "POST", "/assessments/pain-v2", severe)).status, 201);
  const before = (await call("care_provider", "GET", "/patients")).body.patients.find((p: { id: number }) => p.id === patientId);
  assert.equal(before.needsAttention, true, "the patient is flagged before the review");
  const reviewed = await call("care_provider", "POST", `/patients/${patientId}/review`);
  assert.equal(reviewed.status, 200);
  assert.equal(reviewed.body.needsAttention, false);
  const list = await call("care_provider", "GET", "/patients");
  const row = list.body.patients.find((p: { id: number }) => p.id === patientId);
  assert.equal(row.needsAttention, false);
  assert.equal(row.reviewedAt, reviewed.body.reviewedAt);
});
