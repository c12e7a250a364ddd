// Issue 23, row 4: anyone holding one of a patient's codes made an anonymous report with a
// title of their choice, and it appeared as a `final` DiagnosticReport in the patient's FHIR
// record and, titled as the sender wished, in the PDF mailed to recipients. Reports now record
// who made them; only the patient's own and staff-made reports are the patient's
// DiagnosticReports; an anonymous sender's title is shown as theirs, never as the heading.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { apiClient, checked } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

const FORGED_TITLE = "Diagnosis: malignant tumour, surgery cancelled";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let workDir: string;
let patient: { id: number; token: string; code: string };
let provider: string;

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
  workDir = mkdtempSync(join(tmpdir(), "hand-stranger-"));
  const token = await idp.token({ sub: uniqueSub("record-owner"), roles: ["patient"] });
  const id = (await api.get("/patients/me", { token })).body.id as number;
  const submitted = await api.post("/assessments/rom", romBody, { token });
  assert.equal(submitted.status, 201);
  patient = { id, token, code: submitted.body.code };
  const providerSub = uniqueSub("treating");
  provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
  await (await careTeam(api, idp, [providerSub])).share(token);
});
after(async () => {
  await server?.stop();
  await idp?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function report(title: string, token?: string) {
  const response = await api.post("/reports", { title, assessmentCodes: [patient.code] }, token ? { token } : {});
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body as { code: string; formattedCode: string };
}

test("a stranger's report is not one of the patient's DiagnosticReports; the patient's and staff's are", async () => {
  const forged = await report(FORGED_TITLE);
  const own = await report("My progress", patient.token);
  const staffMade = await report("Clinic review", provider);
  const bundle = await api.get(`/fhir/DiagnosticReport?patient=${patient.id}`, { token: provider });
  assert.equal(bundle.status, 200);
  const record = JSON.stringify(bundle.body);
  assert.ok(!record.includes(FORGED_TITLE), "the stranger's title is nowhere in the patient's record");
  assert.equal(bundle.body.total, 2, "the patient's own report and the staff member's, not the stranger's");
  // DiagnosticReports name reports by id and read their PDF as Binary: no sharing code in the record.
  for (const made of [forged, own, staffMade]) assert.ok(!record.includes(made.code), `no sharing code (${made.code}) in the record`);
  assert.ok(record.includes("My progress") && record.includes("Clinic review"));
  const everything = await api.get(`/fhir/Patient/${patient.id}/$everything`, { token: provider });
  assert.ok(!JSON.stringify(everything.body).includes(FORGED_TITLE));
});

test("the report's JSON says who made it", async () => {
  const forged = await report(FORGED_TITLE);
  const own = await report("My progress", patient.token);
  assert.equal((await api.get(`/reports/${forged.code}`)).body.createdBy, "anonymous");
  assert.equal((await api.get(`/reports/${own.code}`)).body.createdBy, "patient");
});

test("the PDF and the web report show an anonymous sender's title as theirs, not as the heading", async () => {
  const forged = await report(FORGED_TITLE);
  const pdf = await checked<Uint8Array>(
    server.origin,
    "GET",
    `/reports/${forged.code}/pdf`,
    await fetch(`${server.origin}/api/reports/${forged.code}/pdf`),
  );
  assert.equal(pdf.status, 200);
  const file = join(workDir, "forged.pdf");
  writeFileSync(file, pdf.body);
  const text = spawnSync("pdftotext", [file, "-"], { encoding: "utf8" }).stdout.replace(/\s+/g, " ");
  assert.match(text, /title given by the sender: “Diagnosis: malignant tumour, surgery cancelled”/i);
  assert.equal(text.split(FORGED_TITLE).length - 1, 1, "the title appears once, quoted as the sender's");

  const page = await fetch(`${server.origin}/r/${forged.formattedCode}`);
  assert.equal(page.status, 200);
  const html = await page.text();
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
  assert.ok(!heading.includes("malignant"), `the heading is the service's own: ${heading}`);
  assert.match(html, /title given by the sender/i);
});
