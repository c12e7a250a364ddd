// The patient journal: open as the spec says (no guard) with JOURNAL_AUTH=none, and behind the
// required guard with the who-may-read-whom rule by default (JOURNAL_AUTH=required).
// Own server: JOURNAL_AUTH both ways.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;

before(async () => {
  idp = await startIdentityProvider();
});
after(() => idp?.close());

async function newPatient(api: ReturnType<typeof apiClient>) {
  const token = await idp.token({ sub: uniqueSub("journal"), roles: ["patient"], name: "Journal Writer" });
  const { body } = await api.get("/patients/me", { token });
  return { id: body.id as number, token };
}

describe("open journal (JOURNAL_AUTH=none)", () => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let patient: { id: number; token: string };

  before(async () => {
    server = await startServer({ env: { ...idp.env, JOURNAL_AUTH: "none" } });
    api = apiClient(server.origin);
    patient = await newPatient(api);
  });
  after(() => server?.stop());

  test("POST /journal: 201 with the stored entry, no token needed", async () => {
    const rom = await api.post("/assessments/rom", romBody, { token: patient.token });
    assert.equal(rom.status, 201);
    const input = {
      patientId: patient.id,
      entryType: "POST_ASSESSMENT",
      transcript: "  Wrist felt looser after the session.  ",
      affectedHand: "RIGHT",
      painRating: 3.5,
      functionRating: 7,
      romAssessmentId: rom.body.id as number,
      orchestratorSessionId: "session-1",
    };
    const { status, body } = await api.post("/journal", input);
    assert.equal(status, 201);
    assert.equal(typeof body.id, "number");
    assert.deepEqual(
      { ...body, id: 0, createdAt: "" },
      {
        ...input,
        id: 0,
        createdAt: "",
        transcript: "Wrist felt looser after the session.",
        aiSummary: null,
        dexterityAssessmentId: null,
        painScaleAssessmentId: null,
        author: { contactId: null, role: "anonymous", staff: false },
      },
    );
    assert.ok(Math.abs(Date.parse(body.createdAt) - Date.now()) < 60_000);
    const fetched = await api.get(`/journal/${body.id}`);
    assert.deepEqual(fetched.body, body);
  });

  test("POST /journal rejects missing or invalid fields with the field named", async () => {
    const valid = { patientId: patient.id, entryType: "AD_HOC_CHECK_IN", transcript: "ok" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, patientId: undefined }, "patientId"],
      [{ ...valid, entryType: undefined }, "entryType"],
      [{ ...valid, transcript: undefined }, "transcript"],
      [{ ...valid, transcript: "   " }, "transcript"],
      [{ ...valid, entryType: "DIARY" }, "entryType"],
      [{ ...valid, painRating: 11 }, "painRating"],
      [{ ...valid, functionRating: -1 }, "functionRating"],
      [{ ...valid, affectedHand: "MIDDLE" }, "affectedHand"],
    ];
    for (const [body, field] of cases) {
      const response = await api.post("/journal", body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.field, field);
    }
    assert.equal((await api.post("/journal", { ...valid, patientId: 99999999 })).status, 404, "no such patient");
    assert.equal((await api.post("/journal", "{not json", { headers: { "content-type": "application/json" } })).status, 400);
  });

  test("GET /journal: empty without patientId; newest first; entryType filter; pages", async () => {
    const writer = await newPatient(api);
    for (const [i, entryType] of ["INITIAL_INTAKE", "PRE_ASSESSMENT", "POST_ASSESSMENT", "PRE_ASSESSMENT"].entries()) {
      assert.equal((await api.post("/journal", { patientId: writer.id, entryType, transcript: `entry ${i}` })).status, 201);
    }
    assert.deepEqual((await api.get("/journal")).body, { entries: [], total: 0 });
    const all = await api.get(`/journal?patientId=${writer.id}`);
    assert.equal(all.status, 200);
    assert.equal(all.body.total, 4);
    assert.deepEqual(
      all.body.entries.map((e: { transcript: string }) => e.transcript),
      ["entry 3", "entry 2", "entry 1", "entry 0"],
    );
    const pre = await api.get(`/journal?patientId=${writer.id}&entryType=PRE_ASSESSMENT`);
    assert.deepEqual([pre.body.total, ...pre.body.entries.map((e: { transcript: string }) => e.transcript)], [2, "entry 3", "entry 1"]);
    const page = await api.get(`/journal?patientId=${writer.id}&limit=2&offset=1`);
    assert.deepEqual(
      page.body.entries.map((e: { transcript: string }) => e.transcript),
      ["entry 2", "entry 1"],
    );
    for (const bad of ["limit=-1", "limit=two", "offset=-2", "patientId=abc", "entryType=DIARY"]) {
      assert.equal((await api.get(`/journal?patientId=${writer.id}&${bad}`)).status, 400, bad);
    }
  });

  test("GET /journal: a limit over 200 is clamped to 200 entries, the total still counts them all", async () => {
    const writer = await newPatient(api);
    for (let batch = 0; batch < 201; batch += 25) {
      const posts = Array.from({ length: Math.min(25, 201 - batch) }, (_, i) =>
        api.post("/journal", { patientId: writer.id, entryType: "AD_HOC_CHECK_IN", transcript: `entry ${batch + i}` }),
      );
      for (const response of await Promise.all(posts)) assert.equal(response.status, 201);
    }
    const clamped = await api.get(`/journal?patientId=${writer.id}&limit=999`);
    assert.deepEqual([clamped.status, clamped.body.entries.length, clamped.body.total], [200, 200, 201]);
  });

  test("GET /journal/:id: 404 for an unknown id, 400 for a non-numeric one", async () => {
    assert.equal((await api.get("/journal/99999999")).status, 404);
    assert.equal((await api.get("/journal/abc")).status, 400);
  });

  test("narrative context: recent entries with ratings and the latest scores, bounded in length", async () => {
    const writer = await newPatient(api);
    assert.equal(
      (await api.post("/assessments/rom", { hand: "RIGHT", overallScore: 58, wristScore: 60, fingerScore: 55 }, { token: writer.token }))
        .status,
      201,
    );
    const empty = await api.get(`/journal/narrative-context/${writer.id}`);
    assert.equal(empty.status, 200);
    assert.match(empty.body.context, /^No journal entries yet\./);
    assert.match(empty.body.context, /Range of motion \(\w+\) 58 \(0–100, higher is better\), one result so far; trend stable\.$/);

    await api.post("/journal", { patientId: writer.id, entryType: "PRE_ASSESSMENT", transcript: "Oldest words.", painRating: 6 });
    for (let i = 0; i < 11; i++) {
      await api.post("/journal", {
        patientId: writer.id,
        entryType: "AD_HOC_CHECK_IN",
        transcript: `Check-in ${i}: ${"long story ".repeat(200)}`,
        affectedHand: "LEFT",
      });
    }
    await api.post("/journal", {
      patientId: writer.id,
      entryType: "POST_ASSESSMENT",
      transcript: "Newest words.",
      painRating: 2,
      functionRating: 8,
      affectedHand: "RIGHT",
    });
    const { body } = await api.get(`/journal/narrative-context/${writer.id}`);
    const context: string = body.context;
    assert.ok(context.length <= 6000, `context is ${context.length} characters`);
    const lines = context.split("\n");
    assert.match(lines[0]!, /^Recent journal entries, newest first/);
    assert.match(lines[1]!, /^- \d{4}-\d\d-\d\d · POST_ASSESSMENT · right hand · pain 2\/10 · function 8\/10: "Newest words\."$/);
    assert.match(lines[2]!, /^- .* · AD_HOC_CHECK_IN · left hand: "Check-in 10: long story/);
    assert.ok(lines[2]!.length < 700, "each transcript is clipped");
    assert.doesNotMatch(context, /Oldest words/, "older entries give way first");
    assert.match(lines.at(-1)!, /^Latest results, each test on its own scale against its own previous result: Range of motion/);
    assert.equal((await api.get("/journal/narrative-context/99999999")).status, 404);
  });

  test("narrative context: the ten most recent entries, each transcript clipped to 600 characters", async () => {
    const writer = await newPatient(api);
    for (let i = 0; i < 11; i++) {
      const transcript = i === 10 ? `Entry ${i} ${"x".repeat(1000)}` : `Entry ${i}`;
      assert.equal((await api.post("/journal", { patientId: writer.id, entryType: "AD_HOC_CHECK_IN", transcript })).status, 201);
    }
    const { body } = await api.get(`/journal/narrative-context/${writer.id}`);
    const quoted = (body.context as string)
      .split("\n")
      .filter((line) => line.startsWith("- "))
      .map((line) => /: "(.*)"$/.exec(line)![1]!);
    assert.deepEqual(
      quoted.slice(1).map((text) => text.split(" ")[1]),
      ["9", "8", "7", "6", "5", "4", "3", "2", "1"],
      "ten entries, newest first: entry 0 gives way",
    );
    assert.equal(quoted[0]!.length, 600, "the newest transcript, 1,009 characters, is clipped to 600");
    assert.match(quoted[0]!, /^Entry 10 x+…$/);
  });
});

describe("JOURNAL_AUTH=required (the default)", () => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let bobEntry: number;
  let provider: string;

  before(async () => {
    server = await startServer({ env: { ...idp.env, JOURNAL_AUTH: undefined } });
    api = apiClient(server.origin);
    [alice, bob] = await Promise.all([newPatient(api), newPatient(api)]);
    const providerSub = uniqueSub("provider");
    provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
    // Bob shares with the provider's clinic; Alice shares with none.
    await (await careTeam(api, idp, [providerSub])).share(bob.token);
    const created = await api.post(
      "/journal",
      { patientId: bob.id, entryType: "AD_HOC_CHECK_IN", transcript: "Bob's entry" },
      { token: bob.token },
    );
    assert.equal(created.status, 201);
    bobEntry = created.body.id;
  });
  after(() => server?.stop());

  test("every journal route needs a token (401)", async () => {
    const responses = await Promise.all([
      api.post("/journal", { patientId: bob.id, entryType: "AD_HOC_CHECK_IN", transcript: "x" }),
      api.get(`/journal?patientId=${bob.id}`),
      api.get(`/journal/${bobEntry}`),
      api.get(`/journal/narrative-context/${bob.id}`),
    ]);
    assert.deepEqual(
      responses.map((r) => r.status),
      [401, 401, 401, 401],
    );
  });

  test("a patient reads and writes only their own journal (404 otherwise: the other does not exist for them)", async () => {
    assert.equal((await api.get(`/journal?patientId=${bob.id}`, { token: bob.token })).body.total, 1);
    assert.equal((await api.get(`/journal/${bobEntry}`, { token: bob.token })).status, 200);
    assert.equal((await api.get(`/journal/narrative-context/${bob.id}`, { token: bob.token })).status, 200);
    const denied = await Promise.all([
      api.post("/journal", { patientId: bob.id, entryType: "AD_HOC_CHECK_IN", transcript: "forged" }, { token: alice.token }),
      api.get(`/journal?patientId=${bob.id}`, { token: alice.token }),
      api.get(`/journal/${bobEntry}`, { token: alice.token }),
      api.get(`/journal/narrative-context/${bob.id}`, { token: alice.token }),
    ]);
    assert.deepEqual(
      denied.map((r) => r.status),
      [404, 404, 404, 404],
    );
    assert.equal((await api.get(`/journal?patientId=${bob.id}`, { token: bob.token })).body.total, 1, "nothing was written");
  });

  test("a care provider reads and writes the journal of a patient sharing with their clinic, not of others", async () => {
    assert.equal((await api.get(`/journal?patientId=${alice.id}`, { token: provider })).status, 404);
    assert.equal(
      (
        await api.post(
          "/journal",
          { patientId: bob.id, entryType: "POST_ASSESSMENT", transcript: "Noted by the therapist." },
          { token: provider },
        )
      ).status,
      201,
    );
    assert.equal((await api.get(`/journal?patientId=${bob.id}`, { token: provider })).body.total, 2);
    assert.equal((await api.get(`/journal/${bobEntry}`, { token: provider })).status, 200);
  });
});
