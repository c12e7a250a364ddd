// What patients see of themselves and what providers see of them: score and assessment
// histories built from real submissions, the who-may-read-whom rule, profiles (and PATCH
// /patients/me), the patient journal view and the narrative summary from the template, from a
// loopback model, and from the template again when the model fails or is too slow.
// PostgreSQL pass: profiles and score histories are hand-written SQL (lib/patients).
// Own server: the narrative summaries come from its own language-model stand-in (the rest uses the shared server).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startLlm, type LlmStandIn } from "@/test/support/llm";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let provider: string;
const providerSub = uniqueSub("provider");
/** Per server: the provider's clinic, which every patient made here shares with. */
const teams = new Map<ReturnType<typeof apiClient>, Promise<CareTeam>>();
function teamOf(client: ReturnType<typeof apiClient>): Promise<CareTeam> {
  if (!teams.has(client)) teams.set(client, careTeam(client, idp, [providerSub]));
  return teams.get(client)!;
}

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
  provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

interface Patient {
  id: number;
  token: string;
  name: string;
}

async function newPatient(client = () => api, name = "Robin Patient"): Promise<Patient> {
  const token = await idp.token({
    sub: uniqueSub("patient"),
    roles: ["patient"],
    name,
    email: `${uniqueSub("mail").replace(/\W/g, "")}@example.test`,
  });
  const me = await client().get("/patients/me", { token });
  assert.equal(me.status, 200);
  await (await teamOf(client())).share(token);
  return { id: me.body.id, token, name };
}

const rom = (overallScore: number) => ({ hand: "RIGHT", overallScore, wristScore: 80, fingerScore: 65 });
const dexterity = (overallScore: number) => ({
  hand: "LEFT",
  duration: 15,
  overallScore,
  speedScore: 75,
  consistencyScore: 70,
  cycleCount: 10,
  totalTouches: 42,
});
const pain = { mode: "QUICK", hand: "BOTH", entries: [{ areaType: "WRIST", hand: "RIGHT", severity: 6 }] };

async function submit(path: string, body: unknown, token: string) {
  const response = await api.post(`/assessments/${path}`, body, { token });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

describe("histories from submissions", () => {
  let patient: Patient;
  let dex: { code: string };

  before(async () => {
    patient = await newPatient();
    await submit("rom", rom(72), patient.token);
    await submit("pain-v2", pain, patient.token);
    dex = await submit("dexterity", dexterity(81), patient.token);
  });

  test("GET /patients/me/scores: today's mean, with each sub-score from its own type", async () => {
    const { status, body } = await api.get("/patients/me/scores", { token: patient.token });
    assert.equal(status, 200);
    assert.equal(body.total, 1);
    const [today] = body.scores;
    assert.equal(today.date, new Date().toISOString().slice(0, 10));
    assert.equal(today.overallScore, 64.3); // (72 + 40 + 81) / 3
    assert.equal(today.romScore, 72);
    assert.equal(today.dexterityScore, 81);
    assert.equal(today.painScore, 40);
    const right = await api.get("/patients/me/scores?hand=RIGHT", { token: patient.token });
    assert.deepEqual(
      right.body.scores.map((s: { overallScore: number; dexterityScore: null }) => [s.overallScore, s.dexterityScore]),
      [[72, null]],
    );
  });

  test("GET /patients/me/assessments: newest first, read type, codes, summary line and results tree", async () => {
    const { status, body } = await api.get("/patients/me/assessments", { token: patient.token });
    assert.equal(status, 200);
    assert.equal(body.total, 3);
    assert.deepEqual(
      body.assessments.map((a: { assessmentType: string }) => a.assessmentType),
      ["DEXTERITY", "PAIN", "ROM"],
    );
    const [latest, , romItem] = body.assessments;
    assert.equal(latest.code, dex.code);
    assert.match(latest.formattedCode, /^[A-Z2-9]{3}-[A-Z2-9]{3}$/);
    assert.equal(latest.hand, "LEFT");
    assert.equal(latest.resultSnapshot.overallScore, 81);
    assert.equal(latest.results.totalTouches, 42);
    assert.match(latest.summary, /^Dexterity 81\/100/);
    assert.equal(romItem.summary, "ROM 72/100 · wrist 80 · fingers 65");
    assert.ok(Array.isArray(romItem.results.handResults));
    assert.ok(!Number.isNaN(Date.parse(romItem.dateCreated)));
  });

  test("the type filter takes read names; limit and offset page; bad values are 400", async () => {
    const dexOnly = await api.get("/patients/me/assessments?type=DEXTERITY", { token: patient.token });
    assert.deepEqual([dexOnly.body.total, dexOnly.body.assessments[0].code], [1, dex.code]);
    const page = await api.get("/patients/me/assessments?limit=1&offset=1", { token: patient.token });
    assert.deepEqual([page.body.total, page.body.assessments.length, page.body.assessments[0].assessmentType], [3, 1, "PAIN"]);
    assert.equal((await api.get("/patients/me/assessments?type=FINGER_TAPPING", { token: patient.token })).status, 400);
    assert.equal((await api.get("/patients/me/assessments?limit=-3", { token: patient.token })).status, 400);
  });

  test("a limit over 200 is clamped to 200 assessments; the total still counts them all", async () => {
    const many = await newPatient();
    for (let batch = 0; batch < 201; batch += 25) {
      const count = Math.min(25, 201 - batch);
      await Promise.all(Array.from({ length: count }, () => submit("rom", rom(70), many.token)));
    }
    const clamped = await api.get("/patients/me/assessments?limit=900", { token: many.token });
    assert.deepEqual([clamped.status, clamped.body.assessments.length, clamped.body.total], [200, 200, 201]);
  });

  test("a provider reads the same history by id", async () => {
    const scores = await api.get(`/patients/${patient.id}/scores`, { token: provider });
    assert.equal(scores.body.scores[0].overallScore, 64.3);
    const history = await api.get(`/patients/${patient.id}/assessments?type=ROM`, { token: provider });
    assert.equal(history.status, 200);
    assert.equal(history.body.assessments[0].summary, "ROM 72/100 · wrist 80 · fingers 65");
  });

  test("anonymous submissions do not enter anyone's history", async () => {
    assert.equal((await api.post("/assessments/rom", rom(10))).status, 201);
    assert.equal((await api.get("/patients/me/assessments", { token: patient.token })).body.total, 3);
  });
});

describe("who may read whom", () => {
  let alice: Patient;
  let bob: Patient;

  before(async () => {
    [alice, bob] = await Promise.all([newPatient(), newPatient()]);
    await submit("rom", rom(55), bob.token);
  });

  const paths = (id: number) => [
    `/patients/${id}/scores`,
    `/patients/${id}/assessments`,
    `/patients/${id}/journal`,
    `/patients/${id}/narrative-summary`,
  ];

  test("every /patients route needs a token (401)", async () => {
    for (const path of [
      "/patients",
      "/patients/me",
      "/patients/me/scores",
      "/patients/me/assessments",
      `/patients/${bob.id}`,
      ...paths(bob.id),
    ]) {
      const response = await api.get(path);
      assert.equal(response.status, 401, path);
      assert.equal(typeof response.body.error, "string");
    }
    assert.equal((await api.patch("/patients/me", { injury: "x" })).status, 401);
  });

  test("a patient reads their own records by id", async () => {
    for (const path of paths(bob.id)) assert.equal((await api.get(path, { token: bob.token })).status, 200, path);
  });

  test("to a patient another patient does not exist (404), and the provider views are refused (403)", async () => {
    for (const path of paths(bob.id)) {
      const response = await api.get(path, { token: alice.token });
      assert.equal(response.status, 404, path);
    }
    assert.equal((await api.get(`/patients/${bob.id}`, { token: alice.token })).status, 403);
    // Nor learn whether an id exists.
    assert.equal((await api.get("/patients/999999/scores", { token: alice.token })).status, 404);
  });

  test("a care provider of a clinic the patient shares with and the service admin read the patient; a provider of none finds no such patient", async () => {
    const admin = await idp.token({ roles: ["admin"] });
    for (const token of [provider, admin]) {
      for (const path of [...paths(bob.id), `/patients/${bob.id}`]) assert.equal((await api.get(path, { token })).status, 200, path);
    }
    const stranger = await idp.token({ roles: ["care_provider"] });
    for (const path of [...paths(bob.id), `/patients/${bob.id}`])
      assert.equal((await api.get(path, { token: stranger })).status, 404, path);
  });

  test("404 when the id is not a patient contact; 400 when it is not an id", async () => {
    assert.equal((await api.get("/patients/me", { token: provider })).status, 403, "a staff-only token has no own profile");
    for (const path of ["/patients/999999", "/patients/999999/scores", "/patients/999999/journal", "/patients/999999/narrative-summary"]) {
      assert.equal((await api.get(path, { token: provider })).status, 404, path);
    }
    assert.equal((await api.get("/patients/abc", { token: provider })).status, 400);
    assert.equal((await api.get("/patients/-4/scores", { token: provider })).status, 400);
  });
});

describe("profile", () => {
  test("PATCH /patients/me sets name, birth date, hands, injury and surgery; the provider view shows them", async () => {
    const patient = await newPatient();
    const update = {
      name: "Jordan Lee",
      dateOfBirth: "1970-05-20",
      affectedHand: "RIGHT",
      dominantHand: "RIGHT",
      injury: "a distal radius fracture",
      surgeryType: "open reduction and internal fixation",
      surgeryDate: "2026-01-10",
    };
    const patched = await api.patch("/patients/me", update, { token: patient.token });
    assert.equal(patched.status, 200);
    const view = await api.get(`/patients/${patient.id}`, { token: provider });
    assert.equal(view.status, 200);
    assert.deepEqual(view.body, patched.body);
    for (const [field, value] of Object.entries(update)) assert.equal(view.body[field], value, field);
    assert.equal(typeof view.body.age, "number");
    assert.deepEqual(view.body.counts, { assessments: 0, scoreDays: 0, journalEntries: 0, activeTreatments: 0 });
    assert.deepEqual(view.body.latestScores, {
      ROM: null,
      DEXTERITY: null,
      PAIN: null,
      ARTHRITIS: null,
      THUMB: null,
      QUICKDASH: null,
      GRIP: null,
      PRWE: null,
    });
    assert.deepEqual([view.body.score, view.body.trend, view.body.needsAttention], [null, "stable", false]);
    const list = await api.get("/patients?search=Jordan%20Lee", { token: provider });
    assert.deepEqual(
      list.body.patients.map((p: { hand: string; injury: string }) => [p.hand, p.injury]),
      [["RIGHT", "a distal radius fracture"]],
    );

    const cleared = await api.patch("/patients/me", { injury: null }, { token: patient.token });
    assert.equal(cleared.body.injury, null);
    assert.equal(cleared.body.surgeryDate, "2026-01-10", "fields not sent stay");
  });

  test("PATCH /patients/me validates: dates, hands, unknown fields, empty names", async () => {
    const patient = await newPatient();
    const cases: [Record<string, unknown>, string][] = [
      [{ dateOfBirth: "1970-13-01" }, "dateOfBirth"],
      [{ dateOfBirth: "2999-01-01" }, "dateOfBirth"],
      [{ affectedHand: "MIDDLE" }, "affectedHand"],
      [{ name: "" }, "name"],
      [{ favouriteColour: "blue" }, ""],
    ];
    for (const [body, field] of cases) {
      const response = await api.patch("/patients/me", body, { token: patient.token });
      assert.equal(response.status, 400, JSON.stringify(body));
      if (field) assert.equal(response.body.field, field);
    }
    const staff = await api.patch("/patients/me", { injury: "x" }, { token: provider });
    assert.equal(staff.status, 403);
  });

  test("latest score per type on the profile", async () => {
    const patient = await newPatient();
    const first = await submit("rom", rom(60), patient.token);
    const second = await submit("rom", rom(66), patient.token);
    await submit("pain-v2", pain, patient.token);
    const { body } = await api.get(`/patients/${patient.id}`, { token: provider });
    assert.notEqual(first.code, second.code);
    assert.equal(body.latestScores.ROM.code, second.code);
    assert.equal(body.latestScores.ROM.score, 66);
    assert.equal(body.latestScores.PAIN.score, 40);
    assert.equal(body.latestScores.DEXTERITY, null);
    assert.equal(body.counts.assessments, 3);
    assert.equal(body.lastAssessment !== null, true);
  });
});

describe("journal view and narrative summary (template, no model configured)", () => {
  let patient: Patient;

  before(async () => {
    patient = await newPatient(undefined, "Sam Carter");
    await api.patch(
      "/patients/me",
      { injury: "a scaphoid fracture", affectedHand: "LEFT", surgeryDate: "2026-01-02", surgeryType: "screw fixation" },
      { token: patient.token },
    );
    await submit("rom", rom(35), patient.token);
    for (const [i, transcript] of ["Stiff this morning.", "Better after the exercises, gripping a mug now."].entries()) {
      const created = await api.post(
        "/journal",
        {
          patientId: patient.id,
          entryType: i ? "POST_ASSESSMENT" : "PRE_ASSESSMENT",
          transcript,
          painRating: 5 - i * 2,
          functionRating: 4 + i,
          affectedHand: "LEFT",
        },
        { token: patient.token },
      );
      assert.equal(created.status, 201);
    }
  });

  test("GET /patients/:id/journal: summary rows newest first", async () => {
    const { status, body } = await api.get(`/patients/${patient.id}/journal`, { token: patient.token });
    assert.equal(status, 200);
    assert.equal(body.total, 2);
    assert.deepEqual(
      body.journal.map(({ type, hand, pain, function: fn, summary }: Record<string, unknown>) => ({
        type,
        hand,
        pain,
        function: fn,
        summary,
      })),
      [
        { type: "POST_ASSESSMENT", hand: "LEFT", pain: 3, function: 5, summary: "Better after the exercises, gripping a mug now." },
        { type: "PRE_ASSESSMENT", hand: "LEFT", pain: 5, function: 4, summary: "Stiff this morning." },
      ],
    );
    assert.ok(!Number.isNaN(Date.parse(body.journal[0].date)));
    const page = await api.get(`/patients/${patient.id}/journal?limit=1&offset=1`, { token: provider });
    assert.deepEqual([page.body.total, page.body.journal[0].type], [2, "PRE_ASSESSMENT"]);
    assert.equal((await api.get(`/patients/${patient.id}/journal?limit=abc`, { token: provider })).status, 400);
  });

  test("the template reads like a note: who, condition, score, trend, journal, attention", async () => {
    const { status, body } = await api.get(`/patients/${patient.id}/narrative-summary`, { token: provider });
    assert.equal(status, 200);
    assert.equal(body.source, "template");
    const note: string = body.summary;
    assert.match(note, /^Sam Carter is being followed for a scaphoid fracture of the left hand; screw fixation on 2 January 2026/);
    assert.match(note, /1 result on 1 day, the latest on /);
    // The profile names the left hand: the right hand's 35 is shown, not judged.
    assert.match(note, /Range of motion \(right\) 35 \(0–100, higher is better\), one result so far \(the unaffected hand, not judged\)/);
    assert.match(note, /rated pain 3\/10 and function 5\/10 and wrote: "Better after the exercises, gripping a mug now\."/);
    assert.match(note, /Reported pain has eased from 5\/10/);
    assert.match(note, /Nothing currently flags this patient for attention/);
    assert.doesNotMatch(note, /undefined|null|NaN|\{/);
    const again = await api.get(`/patients/${patient.id}/narrative-summary`, { token: patient.token });
    assert.equal(again.body.summary, note, "deterministic");
  });

  test("a patient with nothing recorded still gets a sensible note", async () => {
    const empty = await newPatient(undefined, "Quiet Person");
    const { body } = await api.get(`/patients/${empty.id}/narrative-summary`, { token: empty.token });
    assert.equal(body.source, "template");
    assert.match(body.summary, /^Quiet Person is being followed\./);
    assert.match(body.summary, /No assessments are on record yet/);
    assert.match(
      body.summary,
      /Nothing currently flags this patient for attention: no test has declined by its minimal clinically important difference and no test's latest result is low\./,
    );
  });
});

describe("narrative summary from a language model", () => {
  let llm: LlmStandIn;
  let modelServer: TestServer;
  let client: ReturnType<typeof apiClient>;
  let patient: Patient;

  before(async () => {
    llm = await startLlm();
    modelServer = await startServer({ env: { ...idp.env, ...llm.env, LLM_TIMEOUT_MS: "1000" } });
    client = apiClient(modelServer.origin);
    patient = await newPatient(() => client, "Kim Private");
    await client.patch("/patients/me", { injury: "trigger finger" }, { token: patient.token });
    assert.equal((await client.post("/assessments/rom", rom(61), { token: patient.token })).status, 201);
  });
  after(async () => {
    await modelServer?.stop();
    await llm?.close();
  });

  test("the model's text, with source ai; the prompt carries the facts but not the name", async () => {
    llm.reply("The patient is recovering from trigger finger with a latest score of 61.");
    const { status, body } = await client.get(`/patients/${patient.id}/narrative-summary`, { token: provider });
    assert.equal(status, 200);
    assert.deepEqual(body, { summary: "The patient is recovering from trigger finger with a latest score of 61.", source: "ai" });
    const prompt = JSON.stringify(llm.prompts().at(-1));
    assert.match(prompt, /trigger finger/);
    assert.match(prompt, / 61/);
    assert.doesNotMatch(prompt, /Kim Private|example\.test/);
  });

  test("a model error falls back to the template", async () => {
    llm.failWith(500);
    const { body } = await client.get(`/patients/${patient.id}/narrative-summary`, { token: provider });
    assert.equal(body.source, "template");
    assert.match(body.summary, /^Kim Private is being followed for trigger finger\./);
  });

  test("a model slower than LLM_TIMEOUT_MS falls back to the template", async () => {
    llm.reply("too late");
    llm.delay(3000);
    const { body } = await client.get(`/patients/${patient.id}/narrative-summary`, { token: provider });
    llm.delay(0);
    assert.equal(body.source, "template");
    assert.match(body.summary, /Range of motion \(right\) 61 \(0–100, higher is better\), one result so far/);
  });
});
