// Reports with every outside service configured (identity provider, Resend, language model):
// creating and reading reports, the error rows, the PDF (read back with poppler's pdftotext and
// pdfinfo), e-mail with the PDF attached, and explanations from the model, its errors and time-outs.
// Own server: its own mail and language-model stand-ins and FRONTEND_URL.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startLlm, type LlmStandIn } from "@/test/support/llm";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
const FRONTEND = "https://hands.example";
// Shared machines start servers slowly under load; a slow start is not what these tests check.
const START_TIMEOUT_MS = 240_000;
const DISCLAIMER = /not a medical diagnosis/i;
const FOOTER_DISCLAIMER = /Self-measured results for information only\. This is not a medical diagnosis/g;

let server: TestServer;
let idp: IdentityProvider;
let resend: ResendStandIn;
let llm: LlmStandIn;
let api: ReturnType<typeof apiClient>;
let workDir: string;

before(async () => {
  idp = await startIdentityProvider();
  resend = await startResend();
  llm = await startLlm();
  server = await startServer({
    env: { ...idp.env, ...resend.env, ...llm.env, LLM_TIMEOUT_MS: "1500", FRONTEND_URL: FRONTEND },
    startTimeoutMs: START_TIMEOUT_MS,
  });
  api = apiClient(server.origin);
  workDir = mkdtempSync(join(tmpdir(), "hand-reports-"));
});

after(async () => {
  await server?.stop();
  await Promise.all([idp?.close(), resend?.close(), llm?.close()]);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const BODIES = [
  ["rom", romBody],
  ["dexterity", dexterityBody],
  ["pain-v2", painBody],
  ["arthritis", arthritisBody],
] as const;

/** Submits `count` assessments cycling through the four types; returns their undashed codes. */
async function submit(count: number, token?: string): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const [path, body] = BODIES[i % BODIES.length]!;
    const res = await api.post(`/assessments/${path}`, body, token ? { token } : {});
    assert.equal(res.status, 201, JSON.stringify(res.body));
    codes.push(res.body.code);
  }
  return codes;
}

async function createReport(title: string, assessmentCodes: string[], token?: string) {
  const res = await api.post("/reports", { title, assessmentCodes }, token ? { token } : {});
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { code: string; formattedCode: string; title: string; createdAt: string; assessmentCount: number };
}

const dashed = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

async function downloadPdf(code: string) {
  const response = await fetch(`${server.origin}/api/reports/${code}/pdf`);
  await checked(server.origin, "GET", `/reports/${code}/pdf`, response.clone());
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function poppler(tool: "pdftotext" | "pdfinfo", pdf: Buffer): string {
  const file = join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const run = spawnSync(tool, tool === "pdftotext" ? [file, "-"] : [file], { encoding: "utf8" });
  assert.equal(run.error, undefined, `${tool} is needed (Debian package poppler-utils; .ci/run installs it)`);
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

describe("POST /reports", () => {
  test("200 { code, formattedCode, title, createdAt, assessmentCount }; codes in any case and dash form; duplicates collapse; read back oldest first", async () => {
    const [a, b, c] = await submit(3);
    const res = await api.post("/reports", {
      title: "  Hand check-up  ",
      assessmentCodes: [dashed(c!).toLowerCase(), a!, b!, c!, dashed(a!)],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ["assessmentCount", "code", "createdAt", "formattedCode", "title"]);
    assert.match(res.body.code, CODE);
    assert.equal(res.body.formattedCode, dashed(res.body.code));
    assert.equal(res.body.title, "Hand check-up");
    assert.equal(res.body.assessmentCount, 3);
    assert.ok(Math.abs(Date.parse(res.body.createdAt) - Date.now()) < 60_000);

    const read = await api.get(`/reports/${res.body.formattedCode.toLowerCase()}`);
    assert.equal(read.status, 200);
    // Given as c, a, b; submitted (and so dated) a, b, c.
    assert.deepEqual(
      read.body.assessments.map((item: { code: string }) => item.code),
      [a, b, c],
    );
  });

  test("400 with field for a missing or empty title and for missing, empty, oversized, malformed or unknown codes", async () => {
    const [known] = await submit(1);
    const distinct = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
      .slice(0, 21)
      .split("")
      .map((ch) => `${ch}${ch}${ch}${ch}${ch}${ch}`);
    const cases: [unknown, string][] = [
      [{ assessmentCodes: [known] }, "title"],
      [{ title: "", assessmentCodes: [known] }, "title"],
      [{ title: "   ", assessmentCodes: [known] }, "title"],
      [{ title: 7, assessmentCodes: [known] }, "title"],
      [{ title: "t" }, "assessmentCodes"],
      [{ title: "t", assessmentCodes: [] }, "assessmentCodes"],
      [{ title: "t", assessmentCodes: "ABC234" }, "assessmentCodes"],
      [{ title: "t", assessmentCodes: distinct }, "assessmentCodes"],
      [{ title: "t", assessmentCodes: [known, "nope"] }, "assessmentCodes"],
      [{ title: "t", assessmentCodes: [known, 12] }, "assessmentCodes"],
      [{ title: "t", assessmentCodes: [known, "ZZZ-ZZZ"] }, "assessmentCodes"],
    ];
    for (const [body, field] of cases) {
      const res = await api.post("/reports", body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.field, field, JSON.stringify(body));
      assert.equal(typeof res.body.error, "string");
    }
    const unknown = await api.post("/reports", { title: "t", assessmentCodes: [known, "zzz-zzz"] });
    assert.match(unknown.body.error, /one or more codes are unknown, expired or not shareable/i, "never how many");
    assert.doesNotMatch(unknown.body.error, /ZZZ-?ZZZ/i, "never which");
    const tooMany = await api.post("/reports", { title: "t", assessmentCodes: distinct });
    assert.match(tooMany.body.error, /20/);
  });

  test("20 codes are accepted", async () => {
    const codes = await submit(20);
    assert.equal((await createReport("Twenty", codes)).assessmentCount, 20);
  });
});

describe("GET /reports/:code", () => {
  test("the report with each assessment's code, read type, hand, date and snapshot; aiExplanation null until explained", async () => {
    const codes = await submit(4);
    const report = await createReport("All four types", codes);
    const res = await api.get(`/reports/${report.code}`);
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), [
      "aiExplanation",
      "assessments",
      "clinical",
      "code",
      "createdAt",
      "createdBy",
      "explanationSource",
      "formattedCode",
      "owners",
      "patient",
      "patientName",
      "title",
      "viewCount",
    ]);
    assert.equal(res.body.code, report.code);
    assert.equal(res.body.title, "All four types");
    assert.equal(res.body.createdBy, "anonymous", "made without a token");
    assert.equal(res.body.createdAt, report.createdAt);
    assert.equal(res.body.patientName, null);
    assert.equal(res.body.patient, null);
    assert.equal(res.body.clinical, null, "a report bundled from codes is no clinician's named report");
    assert.deepEqual(res.body.owners, { status: "anonymous", accounts: 0, anonymousRecords: 4 });
    assert.equal(res.body.aiExplanation, null);
    assert.equal(res.body.explanationSource, null);
    assert.equal(res.body.viewCount, 1);
    const [rom, dexterity, pain, arthritis] = res.body.assessments;
    assert.deepEqual(Object.keys(rom).sort(), [
      "assessmentType",
      "code",
      "dateCreated",
      "formattedCode",
      "hand",
      "resultSnapshot",
      "results",
      "weeksSinceSurgery",
    ]);
    assert.deepEqual(rom.results.joints[0], {
      hand: "LEFT",
      finger: "INDEX",
      jointType: "MCP",
      minAngle: 3,
      maxAngle: 85,
      rom: 82,
      normalRange: [0, 90],
    });
    assert.equal(rom.weeksSinceSurgery, null);
    assert.deepEqual(dexterity.results.joints, []);
    assert.deepEqual(
      res.body.assessments.map((a: { assessmentType: string; hand: string }) => [a.assessmentType, a.hand]),
      [
        ["ROM", "LEFT"],
        ["DEXTERITY", "RIGHT"],
        ["PAIN", "BOTH"],
        ["ARTHRITIS", "BOTH"],
      ],
    );
    assert.equal(rom.formattedCode, dashed(codes[0]!));
    assert.equal(rom.resultSnapshot.extensionDeg, 60);
    assert.equal(dexterity.resultSnapshot.touchPrecision, 90);
    assert.equal(pain.resultSnapshot.maxSeverity, 6);
    assert.equal(arthritis.resultSnapshot.progressionLevel, 2);
    assert.ok(!Number.isNaN(Date.parse(rom.dateCreated)));
  });

  test("400 for a malformed code, 404 for an unknown one", async () => {
    assert.equal((await api.get("/reports/not-a-code")).status, 400);
    const missing = await api.get("/reports/ZZZ-ZZZ");
    assert.equal(missing.status, 404);
    assert.equal(typeof missing.body.error, "string");
  });

  test("concurrent reads each count once: 12 parallel views see 1..12, the next one 13", async () => {
    const report = await createReport("Popular", await submit(1));
    const views = await Promise.all(Array.from({ length: 12 }, () => api.get(`/reports/${report.code}`)));
    assert.deepEqual(
      views.map((v) => v.status),
      Array(12).fill(200),
    );
    assert.deepEqual(
      views.map((v) => v.body.viewCount).sort((x, y) => x - y),
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    assert.equal((await api.get(`/reports/${report.code}`)).body.viewCount, 13);
    // The PDF, e-mail and explanation do not count as views.
    await downloadPdf(report.code);
    assert.equal((await api.get(`/reports/${report.code}`)).body.viewCount, 14);
  });

  test("patientName: the owner's name when the signed-in creator owns every record, else null", async () => {
    const sub = uniqueSub("patient");
    const token = await idp.token({ sub, name: "Robin Patient", email: "robin@example.com" });
    const owned = await submit(2, token);
    const mine = await createReport("Mine", owned, token);
    assert.equal((await api.get(`/reports/${mine.code}`)).body.patientName, "Robin Patient");

    // The same records bundled by someone else, or anonymously, do not reveal the name.
    const other = await createReport("Someone else's", owned, await idp.token({ name: "Other Person" }));
    assert.equal((await api.get(`/reports/${other.code}`)).body.patientName, null);
    const anonymous = await createReport("Anonymous", owned);
    assert.equal((await api.get(`/reports/${anonymous.code}`)).body.patientName, null);
    // A mix of own and anonymous records has no single owner.
    const mixed = await createReport("Mixed", [...owned, ...(await submit(1))], token);
    assert.equal((await api.get(`/reports/${mixed.code}`)).body.patientName, null);
  });

  test("owners, patient profile, weeks since surgery and date order", async () => {
    const token = await idp.token({ sub: uniqueSub("profile"), name: "Sam Surgery", email: "sam@example.com" });
    const profile = await api.patch(
      "/patients/me",
      { dateOfBirth: "1970-03-14", surgeryDate: "2026-01-05", surgeryType: "Carpal tunnel release" },
      { token },
    );
    assert.equal(profile.status, 200, JSON.stringify(profile.body));
    const owned = await submit(3, token);
    const today = new Date();
    const weeks = Math.floor((today.getTime() - Date.parse("2026-01-05T00:00:00Z")) / (7 * 86_400_000));

    // Listed newest first at creation: the report reads oldest first.
    const mine = (await api.get(`/reports/${(await createReport("Mine", [...owned].reverse(), token)).code}`)).body;
    assert.deepEqual(
      mine.assessments.map((a: { code: string }) => a.code),
      owned,
    );
    const dates = mine.assessments.map((a: { dateCreated: string }) => Date.parse(a.dateCreated));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => a - b),
    );
    assert.deepEqual(mine.owners, { status: "single", accounts: 1, anonymousRecords: 0 });
    assert.deepEqual(mine.patient, {
      name: "Sam Surgery",
      dateOfBirth: "1970-03-14",
      surgeryDate: "2026-01-05",
      surgeryType: "Carpal tunnel release",
    });
    for (const a of mine.assessments) assert.ok(Math.abs(a.weeksSinceSurgery - weeks) <= 1, `${a.weeksSinceSurgery} weeks after surgery`);
    const pdf = poppler("pdftotext", await downloadPdf(mine.code).then((r) => r.bytes)).replace(/\s+/g, " ");
    assert.match(pdf, /Born 14 Mar 1970 · Surgery 5 Jan 2026 \(Carpal tunnel release\)/);
    assert.match(pdf, /\d+ weeks after surgery/);
    // The joints are in the goniometry table: the wrist's extension and flexion (under 90% of
    // normal: *), then finger, joint, normal range, extension/flexion and the arc.
    assert.match(pdf, /Wrist and finger joints by date Left hand .*Wrist Extension 0–70° 60° \* Flexion 0–80° 70° \*/);
    assert.match(pdf, /MCP 0–90° −3\/85 · 82° PIP 0–100° −1\/95 · 94°/);
    assert.match(pdf, /reference 0–70°/);
    assert.doesNotMatch(pdf, /may be of different people/);

    // The same records bundled by someone else: not named, no profile, and whether they are one
    // account's is said only to their owner (to anyone else it would link the codes).
    const theirs = (await createReport("Theirs", owned)).code;
    const other = (await api.get(`/reports/${theirs}`)).body;
    assert.deepEqual(other.owners, { status: "unstated", accounts: null, anonymousRecords: 0 });
    assert.equal(other.patient, null);
    assert.equal(other.assessments[0].weeksSinceSurgery, null);
    assert.deepEqual((await api.get(`/reports/${theirs}`, { token })).body.owners, { status: "single", accounts: 1, anonymousRecords: 0 });

    // Two people's records and an anonymous one.
    const someoneElse = await submit(1, await idp.token({ sub: uniqueSub("else"), name: "Else" }));
    const mixed = await createReport("Mixed", [...owned, ...someoneElse, ...(await submit(1))], token);
    const view = (await api.get(`/reports/${mixed.code}`)).body;
    assert.deepEqual(view.owners, { status: "unstated", accounts: null, anonymousRecords: 1 });
    assert.equal(view.patient, null);
    const mixedPdf = poppler("pdftotext", await downloadPdf(mixed.code).then((r) => r.bytes));
    assert.match(mixedPdf.replace(/\s+/g, " "), /bundled from sharing codes: the report does not say whether they are of one person/);
  });
});

describe("GET /reports/:code/pdf", () => {
  test("an A4 PDF attachment named hand-report-AAA-BBB.pdf; 404 unknown, 400 malformed", async () => {
    const report = await createReport("Download", await submit(2));
    const { response, bytes } = await downloadPdf(report.code.toLowerCase());
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/pdf");
    assert.equal(response.headers.get("content-disposition"), `attachment; filename="hand-report-${report.formattedCode}.pdf"`);
    assert.equal(bytes.subarray(0, 5).toString("latin1"), "%PDF-");
    assert.match(poppler("pdfinfo", bytes), /Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    assert.equal((await downloadPdf("ZZZ-ZZZ")).response.status, 404);
    assert.equal((await downloadPdf("bad")).response.status, 400);
  });

  test("20 assessments with an explanation: title, patient, every code, the explanation and the disclaimer, on four pages", async () => {
    const token = await idp.token({ name: "Sam Example" });
    const codes = await submit(20, token);
    const report = await createReport("Quarterly hand review", codes, token);
    llm.reply("Your scores stayed steady across the quarter. This is not a medical diagnosis; please talk it through with your clinician.");
    assert.equal((await api.post(`/reports/${report.code}/explain`)).body.source, "ai");

    const { response, bytes } = await downloadPdf(report.code);
    assert.equal(response.status, 200);
    const text = poppler("pdftotext", bytes);
    assert.match(text, /Quarterly hand review/);
    assert.match(text, /Sam Example/);
    assert.match(text, new RegExp(report.formattedCode));
    // Each code is in the summary table and again in its own section's heading line ("Code …"):
    // finding it anywhere would not notice a dropped section.
    for (const code of codes) assert.match(text, new RegExp(`Code ${dashed(code)}`), `assessment ${dashed(code)} has its section`);
    assert.match(text, /Your scores stayed steady across the quarter/);
    assert.match(text, DISCLAIMER);
    assert.match(text, /Worst pain/);
    assert.match(text, /Distressing/, "pain severity 6 is labelled with the spec's word");
    assert.match(text, /Moderate/, "progression level 2 is named");
    assert.match(text, /60°/, "wrist extension in degrees");
    assert.match(text, new RegExp(`${FRONTEND.replace(/\./g, "\\.")}/r/${report.formattedCode}`));

    const info = poppler("pdfinfo", bytes);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    // Page 1: the summary of 20 rows, the chart and the change table; then the explanation and 20 sections with their joints.
    assert.equal(pages, 4, "twenty assessments take four pages (api.md)");
    assert.match(text, new RegExp(`Page ${pages} of ${pages}`), "every page is numbered");
    assert.equal(text.match(FOOTER_DISCLAIMER)?.length, pages, "the disclaimer is on every page");
  });
});

describe("POST /reports/:code/email", () => {
  test("the e-mail names the service and who shared it; the answer says where it went", async () => {
    const token = await idp.token({ sub: uniqueSub("sharer"), name: "Robin Sharer", email: "robin.sharer@example.com" });
    const report = await createReport("Shared", await submit(1, token), token);
    const before = resend.emails().length;
    const res = await api.post(`/reports/${report.code}/email`, { to: "clinic@example.com" }, { token });
    assert.equal(res.status, 200);
    assert.equal(res.body.message, "Sent to clinic@example.com, with the PDF attached.");
    const mail = resend.emails().slice(before)[0]!;
    assert.match(mail.subject, /Hand Assessment Service/);
    assert.match(mail.text ?? "", /Robin Sharer \(robin\.sharer@example\.com\), using the Hand Assessment Service, asked us to send you/);
    assert.match(mail.html ?? "", /Robin Sharer \(robin\.sharer@example\.com\)/);

    const anonymous = await api.post(`/reports/${report.code}/email`, { to: "clinic@example.com" });
    assert.match(resend.emails().at(-1)!.text ?? "", /Someone who did not sign in, using the Hand Assessment Service, asked us/);
    assert.equal(anonymous.status, 200);
  });

  test("sends the PDF as an attachment with the share link; the address is not logged", async () => {
    const report = await createReport("For my therapist", await submit(2));
    const before = resend.emails().length;
    const res = await api.post(`/reports/${report.code}/email`, { to: "therapist@example.com" });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ["message", "sent", "success"]);
    assert.equal(res.body.success, true);
    assert.equal(res.body.sent, true);
    const sent = resend.emails().slice(before);
    assert.equal(sent.length, 1);
    const mail = sent[0]!;
    assert.deepEqual(mail.to, ["therapist@example.com"]);
    assert.match(mail.subject, new RegExp(report.formattedCode));
    assert.match(mail.text ?? "", new RegExp(`${FRONTEND.replace(/\./g, "\\.")}/r/${report.formattedCode}`));
    assert.match(mail.html ?? "", new RegExp(`href="${FRONTEND.replace(/\./g, "\\.")}/r/${report.formattedCode}"`));
    assert.match(mail.text ?? "", DISCLAIMER);
    assert.equal(mail.attachments?.length, 1);
    const attachment = mail.attachments![0]!;
    assert.equal(attachment.filename, `hand-report-${report.formattedCode}.pdf`);
    const pdf = Buffer.from(attachment.content, "base64");
    assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-");
    assert.match(poppler("pdftotext", pdf), /For my therapist/);
    assert.doesNotMatch(server.output(), /therapist@example\.com/);
  });

  test("400 for an invalid or missing address, 404 for an unknown report; nothing is sent", async () => {
    const report = await createReport("Bad address", await submit(1));
    const before = resend.emails().length;
    for (const body of [{ to: "not-an-address" }, {}, { to: "" }]) {
      const res = await api.post(`/reports/${report.code}/email`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.field, "to");
    }
    assert.equal((await api.post("/reports/ZZZ-ZZZ/email", { to: "someone@example.com" })).status, 404);
    assert.equal(resend.emails().length, before);
  });

  test("a failing mail service answers 500 with code MAIL_FAILED", async () => {
    const report = await createReport("Mail outage", await submit(1));
    resend.failWith(500);
    try {
      const res = await api.post(`/reports/${report.code}/email`, { to: "someone@example.com" });
      assert.equal(res.status, 500);
      assert.equal(res.body.code, "MAIL_FAILED");
    } finally {
      resend.failWith(null);
    }
  });
});

describe("POST /reports/:code/explain", () => {
  test("the model's text (source ai) is stored and returned as aiExplanation; the prompt carries the caveat and no name", async () => {
    const token = await idp.token({ name: "Jordan Private" });
    const report = await createReport("Explain me", await submit(4, token), token);
    const answer = "Your range of motion is good and your pain is moderate. This is not a medical diagnosis.";
    llm.reply(answer);
    const before = llm.prompts().length;
    const res = await api.post(`/reports/${report.code}/explain`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { explanation: answer, source: "ai" });

    const prompt = llm.prompts().slice(before)[0]!;
    const all = prompt.map((m) => m.content).join("\n");
    assert.match(all, DISCLAIMER);
    assert.match(all, /Worst pain 6 \/ 10 \(Distressing\)/, "numbers go to the model labelled");
    assert.doesNotMatch(all, /Jordan Private/, "the patient's name never leaves the service");

    const read = await api.get(`/reports/${report.code}`);
    assert.equal(read.body.aiExplanation, answer);
    assert.equal(read.body.explanationSource, "ai");

    // A stored model explanation is reused, not asked for again.
    const again = await api.post(`/reports/${report.code}/explain`);
    assert.deepEqual(again.body, { explanation: answer, source: "ai" });
    assert.equal(llm.prompts().length, before + 1);
  });

  test("an answer without the caveat gets it appended", async () => {
    const report = await createReport("No caveat", await submit(1));
    llm.reply("Your wrist moves well.");
    const res = await api.post(`/reports/${report.code}/explain`);
    assert.equal(res.body.source, "ai");
    assert.match(res.body.explanation, /^Your wrist moves well\./);
    assert.match(res.body.explanation, DISCLAIMER);
  });

  test("a model error falls back to the template (source fallback), stored; a later call retries the model", async () => {
    const report = await createReport("Model down", await submit(4));
    llm.failWith(503);
    let res;
    try {
      res = await api.post(`/reports/${report.code}/explain`);
    } finally {
      llm.reply("Recovered answer. Not a medical diagnosis.");
    }
    assert.equal(res.status, 200);
    assert.equal(res.body.source, "fallback");
    assert.match(res.body.explanation, /This report brings together 4 hand assessments/);
    assert.match(res.body.explanation, /Worst pain was 6 \/ 10 \(Distressing\), on a scale of 0–10, lower is better/);
    assert.match(res.body.explanation, DISCLAIMER);
    assert.equal((await api.get(`/reports/${report.code}`)).body.aiExplanation, res.body.explanation);

    const retried = await api.post(`/reports/${report.code}/explain`);
    assert.deepEqual(retried.body, { explanation: "Recovered answer. Not a medical diagnosis.", source: "ai" });
  });

  test("a model slower than LLM_TIMEOUT_MS falls back to the template", async () => {
    const report = await createReport("Model slow", await submit(1));
    llm.reply("Too late.");
    llm.delay(4000);
    try {
      const res = await api.post(`/reports/${report.code}/explain`);
      assert.equal(res.status, 200);
      assert.equal(res.body.source, "fallback");
      assert.match(res.body.explanation, DISCLAIMER);
      assert.doesNotMatch(res.body.explanation, /Too late/);
    } finally {
      llm.delay(0);
    }
  });

  test("404 for an unknown report, 400 for a malformed code", async () => {
    assert.equal((await api.post("/reports/ZZZ-ZZZ/explain")).status, 404);
    assert.equal((await api.post("/reports/x/explain")).status, 400);
  });
});
