// The joint-by-date table as therapists record it, over HTTP against the real server: a patient's
// right index finger with a hyperextending MCP (+20/85), a 25° PIP extension lag (−25/70) and a
// DIP of 0/60, the wrist at 50° extension and 60° flexion, and the left hand measured too. Each
// surface that draws the table — the result page (/a), the report page (/r), the report's PDF and
// the provider's history PDF — shows the cells as extension/flexion with the arc, the wrist's rows,
// the ASSH TAM computed by hand (85 + 70 + 60 − 25 = 190°, where the arcs add to 105 + 45 + 60 =
// 210°) and that TAM as a percentage of the left index's (0/90, 0/100, 0/70: 260°): 73 %.
// Own server: it writes as the development personas, fixed users every such file would share.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let workDir: string;
let right: { code: string; formattedCode: string };
let report: { code: string };
let patientId: number;

const as = (persona: string) => ({ authorization: "Bearer development", "x-dev-user": persona });

async function call(persona: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.origin}/api${path}`, {
    method,
    headers: { ...as(persona), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await checked(server.origin, method, path, response);
  return { status: answer.status, body: answer.body };
}

const joint = (finger: string, jointType: string, minAngle: number, maxAngle: number) => ({
  id: `${finger.toLowerCase()}_${jointType.toLowerCase()}`,
  finger,
  jointType,
  minAngle,
  maxAngle,
  rom: maxAngle - minAngle,
});

before(async () => {
  server = await startServer({ env: { AUTH0_DOMAIN: undefined } });
  workDir = mkdtempSync(join(tmpdir(), "goniometry-"));
  const clinic = (await call("admin", "POST", "/clinics", { name: "Goniometry clinic" })).body as { id: number; joinCode: string };
  assert.equal((await call("admin", "POST", `/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" })).status, 201);
  assert.equal((await call("patient", "POST", "/me/clinics", { joinCode: clinic.joinCode })).status, 201);

  const left = await call("patient", "POST", "/assessments/rom", {
    hand: "LEFT",
    overallScore: 90,
    joints: [joint("INDEX", "MCP", 0, 90), joint("INDEX", "PIP", 0, 100), joint("INDEX", "DIP", 0, 70)],
  });
  assert.equal(left.status, 201, JSON.stringify(left.body));
  const made = await call("patient", "POST", "/assessments/rom", {
    hand: "RIGHT",
    overallScore: 55,
    wrist: { max_extension_deg: 50, max_flexion_deg: 60 },
    joints: [joint("INDEX", "MCP", -20, 85), joint("INDEX", "PIP", 25, 70), joint("INDEX", "DIP", 0, 60)],
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  right = made.body;
  const bundled = await call("patient", "POST", "/reports", { title: "Joints", assessmentCodes: [left.body.code, right.code] });
  assert.equal(bundled.status, 200, JSON.stringify(bundled.body));
  report = bundled.body;
  patientId = (await call("patient", "GET", "/patients/me")).body.id;
});
after(async () => {
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The page's text as a reader meets it: tags dropped, spaces collapsed. */
async function pageText(path: string): Promise<string> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`);
  assert.equal(response.status, 200, path);
  return (await response.text())
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

function pdfText(pdf: Buffer): string {
  const file = join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const run = spawnSync("pdftotext", [file, "-"], { encoding: "utf8" });
  assert.equal(run.error, undefined, "pdftotext is needed (Debian package poppler-utils; .ci/run installs it)");
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.replace(/\s+/g, " ");
}

async function pdf(path: string, persona?: string): Promise<string> {
  const response = await fetch(`${server.origin}/api${path}`, { headers: persona ? as(persona) : {} });
  const answer = await checked<Uint8Array>(server.origin, "GET", path.split("?")[0]!, response);
  assert.equal(answer.status, 200, path);
  return pdfText(Buffer.from(answer.body));
}

/** The right index's cells in a page's text: each joint as extension/flexion · arc, then the TAM with its share of the left's. */
const PAGE_INDEX =
  /Index MCP 0–90° \+20\/85 · 105° arc Index PIP 0–100° −25\/70 · 45° arc ▼ \(below normal\) Index DIP 0–90° 0\/60 · 60° arc ▼ \(below normal\) TAM Index 190° 73 % of the other hand/;
const PAGE_WRIST = /Wrist Extension 0–70° 50° ▼ \(below normal\) Wrist Flexion 0–80° 60° ▼ \(below normal\)/;

test("the result page: the wrist's rows, each joint as extension/flexion with its arc, the ASSH TAM", async () => {
  const shown = await pageText(`/a/${right.formattedCode}`);
  assert.match(shown, PAGE_WRIST);
  assert.match(
    shown,
    /Index MCP 0–90° \+20\/85 · 105° arc Index PIP 0–100° −25\/70 · 45° arc ▼ \(below normal\) Index DIP 0–90° 0\/60 · 60° arc/,
  );
  assert.match(shown, /TAM Index 190°/);
  assert.doesNotMatch(shown, /210°/, "the sum of the arcs is not the TAM");
});

test("the report page: both hands, the right index's TAM as a percentage of the left's", async () => {
  const shown = await pageText(`/r/${report.code}`);
  assert.match(shown, PAGE_WRIST);
  assert.match(shown, PAGE_INDEX);
  assert.match(
    shown,
    /Index MCP 0–90° 0\/90 · 90° arc Index PIP 0–100° 0\/100 · 100° arc Index DIP 0–90° 0\/70 · 70° arc ▼ \(below normal\) TAM Index 260° 137 % of the other hand/,
  );
});

test("the report's PDF and the provider's history PDF: the same cells, wrist rows and TAM", async () => {
  const expected = [
    /Wrist Extension 0–70° 50° \* Flexion 0–80° 60° \*/,
    /Index MCP 0–90° \+20\/85 · 105° PIP 0–100° −25\/70 · 45° \* DIP 0–90° 0\/60 · 60° \* TAM Index 190° 73 %/,
  ];
  const reportPdf = await pdf(`/reports/${report.code}/pdf`);
  const historyPdf = await pdf(`/patients/${patientId}/export/pdf`, "care_provider");
  for (const pattern of expected) {
    assert.match(reportPdf, pattern, "report PDF");
    assert.match(historyPdf, pattern, "history PDF");
  }
});
