// Assessment kinds end to end: QuickDASH, added through the registry, scored by the service
// against values computed by hand; and attention that means a clinical change, on a clinic
// whose truth is known: improvers, a steady patient whose every test moves within its kind's
// MCID, true decliners and a low scorer. The flag marks exactly the decliners and the low
// scorer; a clinician's review lowers it until a newer result arrives.
// Own server: a database seeded with records of both generations of kinds, and its own mail stand-in.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { z } from "zod";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { KINDS, type Kind } from "@/lib/assessments/kinds";
import { presentMetrics, primaryMeasure, type KindContract, type KindModule } from "@/lib/assessments/kinds/kind";
import { formatMetric } from "@/lib/report-view/present";
import { KIND_CONTRACTS } from "@/lib/assessments/kinds/contracts";
import { quickdashScores } from "@/lib/assessments/kinds/quickdash-contract";
import { METRIC_UNITS } from "@/lib/fhir/observation";
import { UNITS as FHIR_UNITS } from "@/lib/fhir/terminology";
import { generateCode } from "@/lib/codes";
import { careTeam, shareEveryPatientSql } from "@/test/support/care-team";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { parse } from "csv-parse/sync";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

type Stored = "ROM" | "FINGER_TAPPING" | "PAIN" | "ARTHRITIS" | "THUMB_MOVEMENTS" | "QUICKDASH" | "GRIP" | "PRWE";
/** Days ago → [type, overall score] results of that day (right hand). */
type Course = Record<number, [Stored, number][]>;

const DAY_MS = 86_400_000;
const run = Date.now().toString(36);
const used = new Set<string>();
function freshCode(): string {
  let code = generateCode();
  while (used.has(code)) code = generateCode();
  used.add(code);
  return code;
}
function daysAgo(n: number, hour: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - n * DAY_MS + hour * 3_600_000).toISOString();
}

const clinic: Record<string, { sub: string; course: Course }> = {
  // Every test better than before.
  "Truthcase Improver Ivy": {
    sub: uniqueSub("ivy"),
    course: {
      6: [
        ["ROM", 50],
        ["PAIN", 60],
      ],
      1: [
        ["ROM", 70],
        ["PAIN", 80],
      ],
    },
  },
  // Each kind moves by less than its MCID on its own measure (ROM, dexterity, arthritis, thumb 10; worst pain 2 points or 30 %; QuickDASH 15.91).
  "Truthcase Steady Sam": {
    sub: uniqueSub("sam"),
    course: {
      5: [
        ["ROM", 70],
        ["FINGER_TAPPING", 72],
        ["PAIN", 60],
        ["ARTHRITIS", 70],
        ["THUMB_MOVEMENTS", 70],
        ["QUICKDASH", 80],
      ],
      1: [
        ["ROM", 62],
        ["FINGER_TAPPING", 64],
        ["PAIN", 55],
        ["ARTHRITIS", 61],
        ["THUMB_MOVEMENTS", 61],
        ["QUICKDASH", 65],
      ],
    },
  },
  // Range of motion drops 15 points (MCID 10) while pain improves.
  "Truthcase Decliner Dan": {
    sub: uniqueSub("dan"),
    course: {
      4: [
        ["ROM", 75],
        ["PAIN", 60],
      ],
      1: [
        ["ROM", 60],
        ["PAIN", 70],
      ],
    },
  },
  // Worst pain 1 → 4 out of 10 (MCID 2 points or 30 %).
  "Truthcase Decliner Pia": { sub: uniqueSub("pia"), course: { 3: [["PAIN", 90]], 0: [["PAIN", 60]] } },
  // QuickDASH disability rises 15 → 35 (MCID 15.91).
  "Truthcase Decliner Quinn": { sub: uniqueSub("quinn"), course: { 7: [["QUICKDASH", 85]], 2: [["QUICKDASH", 65]] } },
  // A slow decline past a lone high: no step, and not the drop from that unconfirmed best, reaches
  // the ROM MCID (10) as a decline; only the drop since the first result does (70 → 59).
  "Truthcase Decliner Sol": {
    sub: uniqueSub("sol"),
    course: { 9: [["ROM", 70]], 7: [["ROM", 85]], 5: [["ROM", 70]], 3: [["ROM", 66]], 1: [["ROM", 59]] },
  },
  // Grip strength's mean 40 → 32 kg (MCID 6.5 kg).
  "Truthcase Decliner Greta": { sub: uniqueSub("greta"), course: { 6: [["GRIP", 40]], 1: [["GRIP", 32]] } },
  // PRWE 20 → 40 (MCID 11.5; higher is worse).
  "Truthcase Decliner Pru": { sub: uniqueSub("pru"), course: { 8: [["PRWE", 80]], 2: [["PRWE", 60]] } },
  // Steady, but low.
  "Truthcase Low Lou": { sub: uniqueSub("lou"), course: { 4: [["ROM", 35]], 1: [["ROM", 36]] } },
};
const TRUE_DECLINERS = [
  "Truthcase Decliner Dan",
  "Truthcase Decliner Pia",
  "Truthcase Decliner Quinn",
  "Truthcase Decliner Greta",
  "Truthcase Decliner Pru",
  "Truthcase Decliner Sol",
];
const LOW_SCORERS = ["Truthcase Low Lou"];

/** A QuickDASH snapshot whose overall score is `overall`: ten items answered (one left out), scored by the module. */
function quickDashAt(overall: number) {
  const sum = Math.round(((100 - overall) / 25 + 1) * 10);
  assert.ok(Number.isInteger(((100 - overall) / 25 + 1) * 10), `${overall}: ten items cannot give it`);
  const responses = [...Array.from({ length: 10 }, (_, i) => Math.floor(sum / 10) + (i < sum % 10 ? 1 : 0)), null];
  return quickdashScores({ responses });
}

const SUB_SCORE: Partial<Record<Stored, string>> = { ROM: "rom_score", FINGER_TAPPING: "dexterity_score", PAIN: "pain_score" };
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

function clinicSql(): string {
  const statements = Object.entries(clinic).flatMap(([name, { sub, course }]) => [
    `INSERT INTO contacts (kind, sub, email, name, roles, updated_at) VALUES ('PATIENT', ${quoted(sub)}, ${quoted(`${sub}.${run}@example.test`)}, ${quoted(name)}, ARRAY['patient'], now()) RETURNING id INTO pid;`,
    ...Object.entries(course).flatMap(([ago, results]) =>
      results.map(([type, score], i) => {
        const at = daysAgo(Number(ago), 8 + i);
        const snapshot =
          type === "ARTHRITIS"
            ? { compositeScore: score }
            : type === "QUICKDASH"
              ? quickDashAt(score)
              : type === "PRWE"
                ? { prweScore: 100 - score, painScore: (100 - score) / 2, functionScore: (100 - score) / 2, overallScore: score }
                : type === "GRIP"
                  ? { trialsKg: [score, score, score], position: 2, meanKg: score, bestKg: score }
                  : type === "PAIN"
                    ? { overallScore: score, maxSeverity: (100 - score) / 10 }
                    : { overallScore: score };
        const sub = SUB_SCORE[type];
        return (
          `INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, owner_id, date_created) ` +
          `VALUES ('${freshCode()}', '${type}', 'RIGHT', '${JSON.stringify(snapshot)}', false, pid, '${at}') RETURNING id INTO aid;\n` +
          `INSERT INTO score_points (contact_id, assessment_id, day, hand, overall_score${sub ? `, ${sub}` : ""}, created_at) ` +
          `VALUES (pid, aid, '${at.slice(0, 10)}', 'RIGHT', ${score}${sub ? `, ${score}` : ""}, '${at}');`
        );
      }),
    ),
  ]);
  return `DO $$ DECLARE pid integer; aid integer; BEGIN\n${statements.join("\n")}\nEND $$;`;
}

/** Patients whose only result is a left grip of 40 kg this many hours ago: the other hand's share counts the last 24 hours only. */
const GRIP_WINDOW = { 22: uniqueSub("grip-22h"), 26: uniqueSub("grip-26h") } as const;

function gripWindowSql(): string {
  const statements = Object.entries(GRIP_WINDOW).map(
    ([hours, sub]) =>
      `INSERT INTO contacts (kind, sub, name, roles, updated_at) VALUES ('PATIENT', ${quoted(sub)}, 'Gripwindow ${hours}h', ARRAY['patient'], now()) RETURNING id INTO pid;\n` +
      `INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, owner_id, date_created) ` +
      `VALUES ('${freshCode()}', 'GRIP', 'LEFT', '{"trialsKg": [40, 40, 40], "position": 2, "meanKg": 40, "bestKg": 40}', false, pid, now() - interval '${hours} hours');`,
  );
  return `DO $$ DECLARE pid integer; BEGIN\n${statements.join("\n")}\nEND $$;`;
}

let database: TestDatabase;
let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let provider: string;
const providerSub = uniqueSub("provider");
const reviewerSub = uniqueSub("reviewer");
let resend: ResendStandIn;

before(async () => {
  database = await createTestDatabase();
  idp = await startIdentityProvider();
  resend = await startResend();
  // The database is a copy of the run's migrated template: the clinic goes straight into it.
  await queryDatabase(database, clinicSql());
  await queryDatabase(database, gripWindowSql());
  const shared = shareEveryPatientSql([providerSub, reviewerSub]);
  await queryDatabase(database, shared.sql, shared.params);
  // NEXTAUTH_SECRET: the pages' layout reads the browser session.
  server = await startServer({
    database,
    env: { ...idp.env, ...resend.env, NEXTAUTH_SECRET: "kinds-test-session-secret-0123456789" },
  });
  api = apiClient(server.origin);
  provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
});
after(async () => {
  await server?.stop();
  await idp?.close();
  await resend?.close();
  await database?.drop();
});

// ---------- QuickDASH ----------

const filled = (value: number) => Array.from({ length: 11 }, () => value);

test("QuickDASH scores match the published rule computed by hand", async () => {
  const cases: { name: string; body: object; expect: Record<string, number | null> }[] = [
    {
      name: "all answered: (33 / 11 − 1) × 25",
      body: { hand: "RIGHT", responses: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3] },
      expect: { quickDashScore: 50, workScore: null, sportsMusicScore: null, answeredCount: 11, overallScore: 50 },
    },
    {
      name: "one unanswered: (20 / 10 − 1) × 25",
      body: { responses: [2, 2, 2, 2, 2, 2, 2, null, 2, 2, 2] },
      expect: { quickDashScore: 25, workScore: null, sportsMusicScore: null, answeredCount: 10, overallScore: 75 },
    },
    {
      name: "nearly no disability: (12 / 11 − 1) × 25 = 2.2727…",
      body: { responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] },
      expect: { quickDashScore: 2.27, workScore: null, sportsMusicScore: null, answeredCount: 11, overallScore: 97.73 },
    },
    {
      name: "both modules: work (10 / 4 − 1) × 25, sports (20 / 4 − 1) × 25",
      body: { hand: "LEFT", responses: filled(1), work: [1, 2, 3, 4], sportsMusic: [5, 5, 5, 5] },
      expect: { quickDashScore: 0, workScore: 37.5, sportsMusicScore: 100, answeredCount: 11, overallScore: 100 },
    },
  ];
  for (const { name, body, expect } of cases) {
    const response = await api.post("/assessments/quickdash", body, { unchecked: true });
    assert.equal(response.status, 201, name);
    const { quickDashScore, workScore, sportsMusicScore, answeredCount, overallScore } = response.body;
    assert.deepEqual({ quickDashScore, workScore, sportsMusicScore, answeredCount, overallScore }, expect, name);
    assert.match(response.body.formattedCode, /^[A-Z0-9]{3}-[A-Z0-9]{3}$/, name);
  }
});

test("QuickDASH refuses answers it cannot score, naming the field", async () => {
  const refused: { name: string; body: object; field: RegExp }[] = [
    { name: "two unanswered", body: { responses: [1, 2, 3, null, 5, 1, 2, 3, null, 5, 3] }, field: /^responses$/ },
    { name: "an item above 5", body: { responses: [1, 2, 3, 4, 6, 1, 2, 3, 4, 5, 3] }, field: /^responses/ },
    { name: "an item below 1", body: { responses: [0, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3] }, field: /^responses/ },
    { name: "ten items", body: { responses: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5] }, field: /^responses$/ },
    { name: "a partial work module", body: { responses: filled(2), work: [1, 2, 3] }, field: /^work$/ },
    { name: "a sports module with a gap", body: { responses: filled(2), sportsMusic: [1, null, 3, 4] }, field: /^sportsMusic/ },
  ];
  for (const { name, body, field } of refused) {
    const response = await api.post("/assessments/quickdash", body, { unchecked: true });
    assert.equal(response.status, 400, name);
    assert.match(String(response.body.field), field, name);
  }
});

test("a QuickDASH code reads back on the lookup with its scores and item values, never any wording", async () => {
  const created = await api.post("/assessments/quickdash", { hand: "BOTH", responses: filled(3), work: [2, 2, 2, 2] });
  const { body } = await api.get(`/lookup/${created.body.code}`);
  assert.equal(body.assessmentType, "QUICKDASH");
  assert.deepEqual(body.resultSnapshot, {
    quickDashScore: 50,
    workScore: 25,
    sportsMusicScore: null,
    answeredCount: 11,
    overallScore: 50,
    responses: filled(3),
    work: [2, 2, 2, 2],
    sportsMusic: null,
  });
});

// ---------- attention ----------

async function clinicRows() {
  const { body } = await api.get("/patients?search=Truthcase&limit=50", { token: provider });
  return body.patients as {
    id: number;
    name: string;
    needsAttention: boolean;
    attentionReasons: { test: string | null; drop: number | null }[];
    tests: { test: string; trend: string; clinicalDecline: boolean }[];
  }[];
}

test("the flag marks exactly the true decliners and the low scorer, each for the test that dropped", async () => {
  const rows = await clinicRows();
  assert.equal(rows.length, Object.keys(clinic).length);
  const flagged = rows
    .filter((row) => row.needsAttention)
    .map((row) => row.name)
    .sort();
  assert.deepEqual(flagged, [...TRUE_DECLINERS, ...LOW_SCORERS].sort());
  const reasons = Object.fromEntries(rows.map((row) => [row.name, row.attentionReasons.map((r) => [r.test, r.drop])]));
  assert.deepEqual(reasons["Truthcase Decliner Dan"], [["ROM", 15]]);
  assert.deepEqual(reasons["Truthcase Decliner Pia"], [["PAIN", 3]]);
  assert.deepEqual(reasons["Truthcase Decliner Quinn"], [["QUICKDASH", 20]]);
  assert.deepEqual(reasons["Truthcase Decliner Sol"], [["ROM", 11]]);
  assert.deepEqual(reasons["Truthcase Decliner Greta"], [["GRIP", 8]]);
  assert.deepEqual(reasons["Truthcase Decliner Pru"], [["PRWE", 20]]);
  assert.deepEqual(reasons["Truthcase Low Lou"], [["ROM", null]]);
  // The steady patient's tests all fell by more than 2 points, each within its MCID: stable, no flag.
  const sam = rows.find((row) => row.name === "Truthcase Steady Sam")!;
  assert.deepEqual(
    sam.tests.map((t) => [t.test, t.trend, t.clinicalDecline]),
    ["ROM", "DEXTERITY", "PAIN", "ARTHRITIS", "THUMB", "QUICKDASH"].map((test) => [test, "stable", false]),
  );
});

test("the list puts the patients needing attention first by default", async () => {
  const rows = await clinicRows();
  const firstCalm = rows.findIndex((row) => !row.needsAttention);
  assert.equal(firstCalm, TRUE_DECLINERS.length + LOW_SCORERS.length);
  assert.ok(rows.slice(firstCalm).every((row) => !row.needsAttention));
});

test("marking a patient reviewed lowers the flag until a newer result, and is audited with who and when", async () => {
  const dan = (await clinicRows()).find((row) => row.name === "Truthcase Decliner Dan")!;
  const patient = await idp.token({ sub: clinic["Truthcase Decliner Dan"]!.sub, roles: ["patient"] });
  assert.equal((await api.post(`/patients/${dan.id}/review`, undefined, { token: patient, unchecked: true })).status, 403);
  assert.equal((await api.post(`/patients/${dan.id}/review`, undefined, { unchecked: true })).status, 401);
  assert.equal((await api.post(`/patients/999999/review`, undefined, { token: provider, unchecked: true })).status, 404);

  const reviewer = await idp.token({ sub: reviewerSub, roles: ["care_provider"] });
  const reviewed = await api.post(`/patients/${dan.id}/review`, undefined, { token: reviewer });
  assert.equal(reviewed.body.needsAttention, false);
  assert.equal(reviewed.body.reviewedBy, reviewerSub);
  const after = (await clinicRows()).find((row) => row.id === dan.id)!;
  assert.equal(after.needsAttention, false);

  const admin = await idp.token({ roles: ["admin"] });
  const audit = await api.get(`/admin/audit?patientId=${dan.id}`, { token: admin });
  const event = audit.body.events.find((e: { action: string }) => e.action === "mark_reviewed");
  assert.equal(event?.actorSub, reviewerSub);

  // A new result arrives: the flag is judged again (ROM falls further, 60 → 40).
  await api.post("/assessments/rom", { hand: "RIGHT", overallScore: 40 }, { token: patient });
  const again = (await clinicRows()).find((row) => row.id === dan.id)!;
  assert.equal(again.needsAttention, true);
});

// ---------- the same words everywhere ----------

/** A page's text, tags and entities removed, spaces collapsed. */
async function pageText(path: string): Promise<string> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`);
  assert.equal(response.status, 200, path);
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/\s+/g, " ");
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "kinds-pdf-"));
  const file = join(dir, "report.pdf");
  writeFileSync(file, pdf);
  const run = spawnSync("pdftotext", [file, "-"], { encoding: "utf8" });
  assert.equal(run.error, undefined, "pdftotext is needed (Debian package poppler-utils; .ci/run installs it)");
  return run.stdout.replace(/\s+/g, " ");
}

/** One record of each kind, owned by one patient: kind → [submission path, body]. */
const SURFACE_RECORDS: Record<Kind, [string, Record<string, unknown>]> = {
  ROM: ["/assessments/rom", romBody],
  DEXTERITY: ["/assessments/dexterity", { ...dexterityBody, averageFrequency: 3.25 }],
  PAIN: ["/assessments/pain-v2", painBody],
  ARTHRITIS: ["/assessments/arthritis", arthritisBody],
  THUMB: [
    "/lookup/anonymous",
    {
      assessmentType: "THUMB",
      hand: "RIGHT",
      resultSnapshot: { overallScore: 66.5, wristScore: 70, fingerScore: 61.25, extensionDeg: 48 },
    },
  ],
  QUICKDASH: ["/assessments/quickdash", { hand: "RIGHT", responses: filled(2), work: [3, 3, 3, 3] }],
  GRIP: ["/assessments/grip", { hand: "RIGHT", trialsKg: [30, 32, 34] }],
  PRWE: ["/assessments/prwe", { hand: "RIGHT", pain: [3, 5, 2, 6, 7], function: [4, 5, 3, 2, 1, 6, 3, 2, 4, 5] }],
};

test("the template explanation of a report holding one result of every kind mentions each", async () => {
  const patient = await idp.token({ sub: uniqueSub("explained"), roles: ["patient"] });
  const codes: string[] = [];
  for (const [path, body] of Object.values(SURFACE_RECORDS)) codes.push((await api.post(path, body, { token: patient })).body.code);
  const report = await api.post("/reports", { title: "Every kind explained", assessmentCodes: codes }, { token: patient });
  const explained = await api.post(`/reports/${report.body.code}/explain`, undefined, { token: patient });
  assert.equal(explained.status, 200);
  assert.equal(explained.body.source, "fallback");
  const names = JSON.parse(readFileSync(join(process.cwd(), "messages/en.json"), "utf8")).kinds as Record<Kind, { name: string }>;
  for (const kind of Object.keys(SURFACE_RECORDS) as Kind[]) {
    assert.ok(explained.body.explanation.includes(`${names[kind].name} (1 assessment)`), `${kind} is explained`);
  }
  assert.match(explained.body.explanation, /QuickDASH disability was 25 \/ 100, on a scale of 0–100, lower is better/);
});

type FhirComponent = {
  code: { coding: { code: string; display: string }[] };
  valueQuantity?: { value: number; unit: string };
  valueInteger?: number;
};

test("every kind reads with its kind module's labels and units on the lookup page, the report page, the PDF, the e-mail, FHIR and the note", async () => {
  const patient = await idp.token({ sub: uniqueSub("surfaces"), name: "Surfaces Sol", roles: ["patient"] });
  const codes = {} as Record<Kind, { code: string; formattedCode: string }>;
  for (const [kind, [path, body]] of Object.entries(SURFACE_RECORDS) as [Kind, [string, Record<string, unknown>]][]) {
    const created = await api.post(path, body, { token: patient });
    assert.ok([200, 201].includes(created.status), `${kind}: ${created.status}`);
    codes[kind] = created.body;
  }
  const report = await api.post(
    "/reports",
    { title: "Every kind", assessmentCodes: Object.values(codes).map((c) => c.code) },
    { token: patient },
  );
  assert.equal(report.status, 200);
  const reportPage = await pageText(`/r/${report.body.formattedCode}`);
  const pdf = await checked(
    server.origin,
    "GET",
    `/reports/${report.body.code}/pdf`,
    await fetch(`${server.origin}/api/reports/${report.body.code}/pdf`),
  );
  const pdfWords = pdfText(Buffer.from(pdf.body as Uint8Array));
  const mailed = await api.post(`/reports/${report.body.code}/email`, { to: "clinic@example.com" }, { token: patient });
  assert.equal(mailed.body.sent, true);
  const attachment = resend.emails().at(-1)!.attachments![0]!;
  const mailWords = pdfText(Buffer.from(attachment.content, "base64"));

  // The patient came after the suite's clinic was made: share them with a clinic of the provider too.
  // Through the API: on the embedded database the running server holds the only connection.
  await (await careTeam(api, idp, [providerSub], "Surfaces clinic")).share(patient);
  const listed = (await api.get("/patients?search=Surfaces%20Sol", { token: provider })).body.patients[0];
  const patientId = listed.id as number;
  // The provider list's trends: one line per test, every kind among them.
  assert.deepEqual(new Set(listed.tests.map((t: { test: string }) => t.test)), new Set(Object.keys(SURFACE_RECORDS)));
  const fhir = await api.get(`/fhir/Observation?patient=${patientId}`, { token: provider, headers: { accept: "application/fhir+json" } });
  const observations = fhir.body.entry.map((entry: { resource: Record<string, any> }) => entry.resource);
  const note: string = (await api.get(`/patients/${patientId}/narrative-summary`, { token: provider })).body.summary;

  for (const kind of Object.keys(SURFACE_RECORDS) as Kind[]) {
    const kindModule: KindModule = KINDS[kind];
    assert.match(codes[kind].formattedCode, /^[A-Z0-9]{3}-[A-Z0-9]{3}$/, `${kind}: a sharing code`);
    // The results: the kind's own tree, or null for a kind stored as its snapshot only.
    const results = await api.get(`/assessments/${codes[kind].code}/results`);
    assert.deepEqual(
      [results.body.assessmentType, results.body.results === null],
      [kindModule.type, KIND_CONTRACTS[kind].results === null],
    );
    const lookup = await api.get(`/lookup/${codes[kind].code}`);
    const snapshot = lookup.body.resultSnapshot as Record<string, unknown>;
    const shown = presentMetrics(kindModule, snapshot);
    assert.ok(shown.length >= 1, `${kind}: the record has figures to show`);
    const lookupPage = await pageText(`/a/${codes[kind].formattedCode}`);
    for (const { spec, value } of shown) {
      const pair = `${spec.label} ${formatMetric(spec, value)}`; // "Tapping rate 3.25 taps/s", "Wrist extension 60°"
      assert.ok(lookupPage.includes(pair), `${kind} lookup page: ${pair}`);
      assert.ok(reportPage.includes(pair), `${kind} report page: ${pair}`);
      // The PDF sets label and value in separate columns: each must be there, in the module's words and unit.
      for (const [surface, words] of [
        ["PDF", pdfWords],
        ["e-mailed PDF", mailWords],
      ]) {
        assert.ok(words!.includes(spec.label), `${kind} ${surface}: ${spec.label}`);
        assert.ok(words!.includes(formatMetric(spec, value)), `${kind} ${surface}: ${formatMetric(spec, value)}`);
      }
    }

    const observation = observations.find((o: Record<string, any>) => o.code.text === kindModule.fhir.text);
    assert.ok(observation, `${kind}: an Observation`);
    for (const { spec, value } of shown) {
      const unit = FHIR_UNITS[METRIC_UNITS[spec.unit]].unit;
      if (spec.key === kindModule.fhir.valueKey) {
        assert.deepEqual([observation.valueQuantity.value, observation.valueQuantity.unit], [value, unit], `${kind} FHIR value`);
        continue;
      }
      // Pain's score is 100 × (1 − worst/10): FHIR carries the worst rating it comes from.
      if (kind === "PAIN" && spec.key === "overallScore") continue;
      const component = (observation.component as FhirComponent[]).find((c) => c.code.coding[0]!.display === spec.label);
      assert.ok(component, `${kind} FHIR: a component displayed "${spec.label}"`);
      if (component.valueInteger !== undefined) assert.equal(component.valueInteger, value, `${kind} FHIR ${spec.label}`);
      else assert.deepEqual([component.valueQuantity!.value, component.valueQuantity!.unit], [value, unit], `${kind} FHIR ${spec.label}`);
    }

    // The note names each test as lists do, and says a kind published on its own scale on it.
    assert.match(note, new RegExp(`${kindModule.shortName} \\(`, "i"), `note: ${kindModule.shortName}`);
  }
  // Each test on its own measure: worst pain out of 10, QuickDASH as published (never 100 − 25 = 75).
  assert.match(note, /Worst pain \([^)]*\) 6\/10/);
  assert.match(note, /QuickDASH \([^)]*\) 25\b/);
  assert.doesNotMatch(note, /QuickDASH \([^)]*\) 75\b/);

  const history = await api.get("/patients/me/assessments?type=QUICKDASH", { token: patient });
  assert.equal(history.body.assessments[0].summary, "QuickDASH 25/100 disability · work 50");
});

// ---------- the kinds added through the registry: GRIP (and PRWE below) ----------

test("grip strength: the mean and best of three trials computed by hand, the norm from the profile, the other hand", async () => {
  const sub = uniqueSub("grip");
  const patient = await idp.token({ sub, roles: ["patient"] });
  // Without a profile: no norm; without an earlier left hand: no share of it.
  const first = await api.post("/assessments/grip", { hand: "RIGHT", trialsKg: [30, 32, 34] }, { token: patient });
  assert.equal(first.status, 201);
  const { meanKg, bestKg, percentOfNorm, percentOfOtherHand } = first.body;
  assert.deepEqual(
    { meanKg, bestKg, percentOfNorm, percentOfOtherHand },
    { meanKg: 32, bestKg: 34, percentOfNorm: undefined, percentOfOtherHand: undefined },
  );

  // A woman born 42 years ago (her birthday long past): Mathiowetz 40-44, left hand 62.3 lb = 28.26 kg.
  const born = new Date(Date.UTC(new Date().getUTCFullYear() - 42, 0, 1)).toISOString().slice(0, 10);
  assert.equal((await api.patch("/patients/me", { dateOfBirth: born, sex: "female" }, { token: patient })).status, 200);
  const left = await api.post("/assessments/grip", { hand: "LEFT", trialsKg: [24, 25, 26.5], position: 2 }, { token: patient });
  // Mean (24 + 25 + 26.5) / 3 = 25.17; 25.17 / 28.26 = 89.1 %; of the right hand's 32: 78.7 %.
  assert.deepEqual([left.body.meanKg, left.body.bestKg, left.body.percentOfNorm, left.body.percentOfOtherHand], [25.17, 26.5, 89.1, 78.7]);
  const lookup = await api.get(`/lookup/${left.body.code}`);
  assert.deepEqual(lookup.body.resultSnapshot, {
    trialsKg: [24, 25, 26.5],
    position: 2,
    meanKg: 25.17,
    bestKg: 26.5,
    percentOfNorm: 89.1,
    percentOfOtherHand: 78.7,
  });
  // The other hand's share reads only the last 24 hours: a left grip 22 hours old counts, one 26 hours old does not.
  for (const [hours, share] of [
    [22, 80],
    [26, undefined],
  ] as const) {
    const token = await idp.token({ sub: GRIP_WINDOW[hours], roles: ["patient"] });
    const right = await api.post("/assessments/grip", { hand: "RIGHT", trialsKg: [30, 32, 34] }, { token });
    assert.deepEqual([right.status, right.body.percentOfOtherHand], [201, share], `a left grip ${hours} hours old`);
  }
  // All zeros: a mean of 0 is 0 % of the norm.
  const zeros = await api.post("/assessments/grip", { hand: "RIGHT", trialsKg: [0, 0, 0] }, { token: patient });
  assert.deepEqual([zeros.body.meanKg, zeros.body.bestKg, zeros.body.percentOfNorm], [0, 0, 0]);
  // Anonymous: stored, nothing about the caller read.
  const anonymous = await api.post("/assessments/grip", { hand: "LEFT", trialsKg: [40, 41, 42] });
  assert.deepEqual([anonymous.status, anonymous.body.meanKg, anonymous.body.percentOfNorm], [201, 41, undefined]);
});

test("grip strength refuses what it cannot store, naming the field", async () => {
  const refused: [object, RegExp][] = [
    [{ hand: "BOTH", trialsKg: [1, 2, 3] }, /^hand$/],
    [{ trialsKg: [1, 2, 3] }, /^hand$/],
    [{ hand: "LEFT", trialsKg: [1, 2] }, /^trialsKg$/],
    [{ hand: "LEFT", trialsKg: [1, 2, 100.5] }, /^trialsKg\.2$/],
    [{ hand: "LEFT", trialsKg: [1, -2, 3] }, /^trialsKg\.1$/],
    [{ hand: "LEFT", trialsKg: [1, "2", 3] }, /^trialsKg\.1$/],
    [{ hand: "LEFT", trialsKg: [1, 2, 3], position: 0 }, /^position$/],
  ];
  for (const [body, field] of refused) {
    const response = await api.post("/assessments/grip", body, { unchecked: true });
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.match(String(response.body.field), field, JSON.stringify(body));
  }
});

/** Each added kind: a record, its measure as the CSV and the history PDF write it, and a goal on it. */
const ADDED_KINDS: Partial<
  Record<Kind, { body: Record<string, unknown>; value: string; goal: { metric: string; target: number; text: string } }>
> = {
  GRIP: {
    body: { hand: "RIGHT", trialsKg: [30, 32, 34] },
    value: "32",
    goal: { metric: "meanKg", target: 40, text: "Grip strength ≥ 40 kg" },
  },
  PRWE: {
    // Pain 3 + 5 + 2 + 6 + 7 = 23; function 35 / 2 = 17.5; total 40.5.
    body: { hand: "RIGHT", pain: [3, 5, 2, 6, 7], function: [4, 5, 3, 2, 1, 6, 3, 2, 4, 5] },
    value: "40.5",
    goal: { metric: "prweScore", target: 20, text: "PRWE total ≤ 20 / 100" },
  },
};

test("the added kinds on the CSV, the history PDF, goals and the OpenAPI document", async () => {
  const patient = await idp.token({ sub: uniqueSub("added"), name: "Added Ada", roles: ["patient"] });
  for (const [type, { body }] of Object.entries(ADDED_KINDS) as [Kind, { body: object }][]) {
    const { submission }: KindContract = KIND_CONTRACTS[type];
    assert.equal((await api.post(submission!.endpoint.path, body, { token: patient })).status, 201, type);
  }
  await (await careTeam(api, idp, [providerSub], "Added clinic")).share(patient);
  const patientId = (await api.get("/patients?search=Added%20Ada", { token: provider })).body.patients[0].id as number;

  const csv = await fetch(`${server.origin}/api/patients/${patientId}/export`, { headers: { authorization: `Bearer ${provider}` } });
  await checked(server.origin, "GET", `/patients/${patientId}/export`, csv.clone());
  assert.equal(csv.status, 200);
  const [header, ...rows] = parse(await csv.text(), { delimiter: ",", bom: true }) as string[][];
  const column = (name: string) => header!.indexOf(name);
  const historyPdf = await fetch(`${server.origin}/api/patients/${patientId}/export/pdf`, {
    headers: { authorization: `Bearer ${provider}` },
  });
  await checked(server.origin, "GET", `/patients/${patientId}/export/pdf`, historyPdf.clone());
  assert.equal(historyPdf.status, 200);
  const historyWords = pdfText(Buffer.from(await historyPdf.arrayBuffer()));
  const openapi = (await api.get("/openapi.json")).body;
  const openapiText = JSON.stringify(openapi);

  for (const [type, { value, goal }] of Object.entries(ADDED_KINDS) as [Kind, NonNullable<(typeof ADDED_KINDS)[Kind]>][]) {
    const kind: KindModule = KINDS[type];
    const spec = primaryMeasure(kind);
    // One row per measurement (the tidy CSV): the measure's own row, on its own scale.
    const row = rows.find((cells) => cells[column("Metric")] === spec.label);
    assert.ok(row, `${type}: a CSV row for ${spec.label}`);
    assert.equal(row[column("Value")], value, `${type} CSV`);
    assert.ok(historyWords.includes(kind.shortName), `${type} history PDF: ${kind.shortName}`);
    // The history PDF's columns interleave in pdftotext's reading: the label and the value stay together.
    assert.ok(historyWords.includes(`${spec.label} ${value}`), `${type} history PDF: ${spec.label} ${value}`);

    const set = await api.request<any>(
      "PUT",
      "/patients/me/goals",
      { test: type, metric: goal.metric, target: goal.target },
      { token: patient, unchecked: true },
    );
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual([set.body.text, set.body.latest?.value], [goal.text, Number(value)], `${type} goal`);

    const id = z.globalRegistry.get(KIND_CONTRACTS[type].snapshot)?.id;
    assert.ok(id && openapi.components.schemas[id], `${type}: the snapshot ${id} is a named component`);
    assert.ok(openapiText.includes(`"#/components/schemas/${id}"`), `${type}: ${id} is referenced in the lookup's union`);
    assert.ok(openapi.components.schemas.AssessmentType.enum.includes(type), `${type} in AssessmentType`);
  }
});

test("PRWE scores match the published rule computed by hand, read back on the lookup", async () => {
  const cases: [string, object, number[]][] = [
    ["all 0", { pain: [0, 0, 0, 0, 0], function: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }, [0, 0, 0, 15, 100]],
    ["all 10: 50 + 100 / 2", { pain: [10, 10, 10, 10, 10], function: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10] }, [50, 50, 100, 15, 0]],
    // Pain mean 20 / 4 = 5, × 5 = 25; function mean 45 / 9 = 5, × 10 / 2 = 25.
    ["one missing per subscale", { pain: [2, 4, 6, 8, null], function: [1, 2, 3, 4, 5, 6, 7, 8, 9, null] }, [25, 25, 50, 13, 50]],
    // 23; 35 / 2 = 17.5.
    ["mixed", { pain: [3, 5, 2, 6, 7], function: [4, 5, 3, 2, 1, 6, 3, 2, 4, 5] }, [23, 17.5, 40.5, 15, 59.5]],
  ];
  for (const [name, ratings, expected] of cases) {
    const response = await api.post("/assessments/prwe", { hand: "LEFT", ...ratings }, { unchecked: true });
    assert.equal(response.status, 201, name);
    const { painScore, functionScore, prweScore, answeredCount, overallScore } = response.body;
    assert.deepEqual([painScore, functionScore, prweScore, answeredCount, overallScore], expected, name);
    const lookup = await api.get(`/lookup/${response.body.code}`);
    assert.deepEqual(
      [lookup.body.assessmentType, lookup.body.hand, lookup.body.resultSnapshot.prweScore],
      ["PRWE", "LEFT", expected[2]],
      name,
    );
    assert.deepEqual(
      [lookup.body.resultSnapshot.pain, lookup.body.resultSnapshot.function],
      [(ratings as any).pain, (ratings as any).function],
    );
  }
  const refused: [object, RegExp][] = [
    [{ hand: "LEFT", pain: [null, null, 1, 1, 1], function: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }, /^pain$/],
    [{ hand: "LEFT", pain: [1, 1, 1, 1, 1], function: [null, 1, 1, 1, 1, 1, 1, 1, 1, null] }, /^function$/],
    [{ hand: "LEFT", pain: [1, 1, 11, 1, 1], function: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }, /^pain\.2$/],
    [{ pain: [1, 1, 1, 1, 1], function: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }, /^hand$/],
    [{ hand: "LEFT", pain: [1, 1, 1, 1, 1], function: [1, 1, 1] }, /^function$/],
  ];
  for (const [body, field] of refused) {
    const response = await api.post("/assessments/prwe", body, { unchecked: true });
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.match(String(response.body.field), field, JSON.stringify(body));
  }
});
