// Every measure on its own scale on every surface a person reads (issue 34): a patient with a
// QuickDASH of 38.6 (higher is more disability) and a worst pain of 6/10, submitted through the
// API, read back on the provider's list and patient page, the dashboard, the result and report
// pages, both PDFs, the e-mailed PDF, the CSV and FHIR. The wire's 0-100 "higher is better"
// headline (100 − 38.6 = 61.4; 100 × (1 − 6/10) = 40) is for API clients: no person reads it.
// Own server: its own mail stand-in, and it writes as the development personas.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { devSignIn } from "@/test/support/dev-sign-in";
import { apiClient, checked } from "@/test/support/http";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let resend: ResendStandIn;
let api: ReturnType<typeof apiClient>;
const sessions: Record<string, string> = {};
const as = (persona: string) => ({ token: "development", headers: { "x-dev-user": persona } });

let patientId: number;
let quickdash: { code: string; formattedCode: string };
let pain: { code: string; formattedCode: string };
let reportCode: { code: string; formattedCode: string };

before(async () => {
  resend = await startResend();
  server = await startServer({ env: resend.env });
  api = apiClient(server.origin);
  for (const persona of ["patient", "care_provider"]) sessions[persona] = await devSignIn(server.origin, persona);
  // 28 / 11 items: ((28 / 11) − 1) × 25 = 38.64.
  quickdash = (await api.post("/assessments/quickdash", { hand: "RIGHT", responses: [3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2] }, as("patient")))
    .body;
  pain = (
    await api.post(
      "/assessments/pain-v2",
      { mode: "QUICK", hand: "RIGHT", entries: [{ areaType: "WRIST", hand: "RIGHT", severity: 6 }] },
      as("patient"),
    )
  ).body;
  const admin = as("admin");
  const clinic = await api.post("/clinics", { name: "Own scale clinic" }, admin);
  assert.equal(clinic.status, 201);
  await api.post(`/clinics/${clinic.body.id}/members`, { sub: "dev|care-provider", role: "clinician" }, admin);
  assert.equal((await api.post("/me/clinics", { joinCode: clinic.body.joinCode }, as("patient"))).status, 201);
  const listed = await api.get("/patients?search=Development%20Patient", as("care_provider"));
  patientId = listed.body.patients[0].id;
  const report = await api.post("/reports", { title: "Own scale", assessmentCodes: [quickdash.code, pain.code] }, as("patient"));
  assert.equal(report.status, 200);
  reportCode = report.body;
});
after(async () => {
  await server?.stop();
  await resend?.close();
});

/** A page's text as a person reads it: scripts, tags and entities out, spaces collapsed. */
async function pageText(path: string, persona: string | null): Promise<string> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`, {
    headers: { cookie: persona ? sessions[persona]! : "", "accept-language": "en" },
  });
  assert.equal(response.status, 200, path);
  return readable(await response.text());
}

function readable(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/\s+/g, " ");
}

function pdfText(pdf: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), "own-scale-")), "document.pdf");
  writeFileSync(file, pdf);
  const run = spawnSync("pdftotext", [file, "-"], { encoding: "utf8" });
  assert.equal(run.error, undefined, "pdftotext is needed (Debian package poppler-utils; .ci/run installs it)");
  return run.stdout.replace(/\s+/g, " ");
}

/** The inverted figures: QuickDASH as 100 − 38.6 and worst pain 6/10 as a score of 40 out of 100. */
const INVERTED = [/\b61[.,]3?[46]\b/, /\b40(?:[.,]0)? ?\/ ?100\b/, /Pain (?:score )?40\b/, /\bdown 40\b/];

function assertOwnScale(surface: string, text: string, expected: RegExp[] = [/\b38[.,]6\b/, /\b6 ?\/ ?10\b/]) {
  for (const pattern of expected) assert.match(text, pattern, `${surface} shows ${pattern}`);
  for (const pattern of INVERTED) assert.doesNotMatch(text, pattern, `${surface} shows an inverted value ${pattern}`);
}

test("the provider's list shows each test's latest value on its own scale", async () => {
  assertOwnScale("provider list", await pageText("/provider", "care_provider"));
});

test("the provider's patient page and the patient's dashboard show the glance tiles on each test's own scale", async () => {
  assertOwnScale("provider patient page", await pageText(`/provider/patients/${patientId}`, "care_provider"));
  assertOwnScale("dashboard", await pageText("/dashboard", "patient"));
});

test("a result page shows one QuickDASH figure and pain out of 10", async () => {
  const quickdashPage = await pageText(`/a/${quickdash.formattedCode}`, "patient");
  assertOwnScale("QuickDASH result page", quickdashPage, [/\b38[.,]6\b/]);
  assert.doesNotMatch(quickdashPage, /\b(Good|Fair|Low)\b/, "QuickDASH has no band of this service's");
  assertOwnScale("pain result page", await pageText(`/a/${pain.formattedCode}`, "patient"), [/\b6 ?\/ ?10\b/]);
});

test("the report page, its PDF and the e-mailed PDF show both on their own scales", async () => {
  assertOwnScale("report page", await pageText(`/r/${reportCode.formattedCode}`, null));
  const pdf = await checked<Uint8Array>(
    server.origin,
    "GET",
    `/reports/${reportCode.code}/pdf`,
    await fetch(`${server.origin}/api/reports/${reportCode.code}/pdf`, { headers: { "accept-language": "en" } }),
  );
  assert.equal(pdf.status, 200);
  assertOwnScale("report PDF", pdfText(pdf.body));
  const mailed = await api.post(`/reports/${reportCode.code}/email`, { to: "clinic@example.com" }, as("patient"));
  assert.equal(mailed.body.sent, true);
  const attachment = resend.emails().at(-1)!.attachments![0]!;
  assertOwnScale("e-mailed PDF", pdfText(Buffer.from(attachment.content, "base64")));
});

test("the history PDF and the CSV export carry each test's own measure", async () => {
  const history = await api.get(`/patients/${patientId}/export/pdf`, as("care_provider"));
  assert.equal(history.status, 200);
  assertOwnScale("history PDF", pdfText(history.body as Uint8Array));
  const csv = await api.get(`/patients/${patientId}/export`, as("care_provider"));
  assert.equal(csv.status, 200);
  const rows = (csv.body as string).trim().split("\n");
  const row = (code: string) => rows.find((line) => line.includes(code))!;
  assertOwnScale("CSV QuickDASH row", row(quickdash.formattedCode), [/\b38[.,]6/]);
  assertOwnScale("CSV pain row", row(pain.formattedCode), [/\b6\b/]);
  assert.doesNotMatch(row(pain.formattedCode), /,40,/, "the pain row's headline column holds 40");
});

test("FHIR carries QuickDASH and worst pain as published, in their units", async () => {
  const fhir = await api.get(`/fhir/Observation?patient=${patientId}`, {
    ...as("care_provider"),
    headers: { ...as("care_provider").headers, accept: "application/fhir+json" },
  });
  const observations = fhir.body.entry.map((entry: { resource: Record<string, any> }) => entry.resource);
  const values = observations.map((o: Record<string, any>) => [o.code.text, o.valueQuantity?.value, o.valueQuantity?.unit]);
  assert.ok(
    values.some(([text, value]: [string, number]) => /QuickDASH/.test(text) && Math.abs(value - 38.64) < 0.01),
    JSON.stringify(values),
  );
  assert.ok(
    values.some(([text, value]: [string, number]) => /pain/i.test(text) && value === 6),
    JSON.stringify(values),
  );
  assertOwnScale("FHIR", JSON.stringify(observations), [/38\.6/]);
});
