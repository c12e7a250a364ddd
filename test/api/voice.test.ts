// The voice WebSocket: whole sessions from IDLE to REFLECTION, scripted and with a model
// stand-in; journal entries of signed-in callers; and the handshake checks, bad messages,
// frame cap, per-client limit, heartbeat and shutdown.
// PostgreSQL pass: voice tickets are taken with hand-written SQL (lib/voice/tickets.ts).
// Own server: voice limits and a language-model stand-in of its own.
import assert from "node:assert/strict";
import { KIND_LIST } from "@/lib/assessments/kinds";
import { after, before, test } from "node:test";
import WebSocket from "ws";
import { checked } from "@/test/support/http";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startLlm, type LlmStandIn } from "@/test/support/llm";
import { skipWithout } from "@/test/support/programs";
import { startServer, type TestServer } from "@/test/support/server";
import { handshakeStatus, VoiceClient, type Frame } from "@/test/support/voice";

const ui = (event: string, fields: Record<string, unknown> = {}) => ({ type: "ui_event", event, ...fields });
const say = (text: string) => ui("transcript", { text });
const press = (button: string) => ui("button", { button });
const types = (frames: Frame[]) => frames.map((f) => (f.type === "action" ? `action:${f.action}` : f.type));
const wsUrl = (server: TestServer, query = "") => `${server.origin.replace("http", "ws")}/api/ai/ws${query}`;

function concatAudio(frames: Frame[]): Buffer {
  return Buffer.concat(frames.filter((f) => f.type === "audio_chunk").map((f) => Buffer.from(f.audio, "base64")));
}

let idp: IdentityProvider;
let llm: LlmStandIn;
let database: TestDatabase;
/** Scripted replies, real tokens, espeak-ng audio, at most 3 sockets per address. */
let scripted: TestServer;
/** Model stand-in, development auth mode, a fast heartbeat. */
let modelled: TestServer;

before(async () => {
  [idp, llm, database] = await Promise.all([startIdentityProvider(), startLlm(), createTestDatabase()]);
  // One after the other: starting servers is CPU-heavy, and the machine may be busy.
  scripted = await startServer({
    database,
    env: { ...idp.env, FRONTEND_URL: "https://app.example.com", VOICE_MAX_CONNECTIONS_PER_CLIENT: "3", ESPEAK_PATH: undefined },
  });
  modelled = await startServer({ env: { ...llm.env, VOICE_HEARTBEAT_MS: "2000" } });
});
after(async () => {
  await Promise.all([scripted?.stop(), modelled?.stop()]);
  await Promise.all([idp?.close(), llm?.close(), database?.drop()]);
});

const patientSub = uniqueSub("voice");

const withoutEspeak = skipWithout("espeak-ng", "espeak-ng");

test(
  "scripted, signed in: the greeting (with espeak-ng audio), then every step from IDLE to REFLECTION",
  { skip: withoutEspeak },
  async () => {
    const token = await idp.token({ sub: patientSub, roles: ["patient"] });
    const client = await VoiceClient.open(wsUrl(scripted), { headers: { authorization: `Bearer ${token}` } });

    const greeting = await client.until((f) => f.type === "audio_chunk" && f.final);
    assert.deepEqual(greeting[0], { type: "state_change", from: "IDLE", to: "GREETING", trigger: "session_open" });
    assert.deepEqual(
      { ...greeting[1], text: undefined },
      { type: "ai_response", id: 1, state: "GREETING", source: "script", text: undefined },
    );
    assert.match(greeting[1]!.text, /hand health assistant/);
    const chunks = greeting.slice(2);
    assert.ok(chunks.length >= 1);
    chunks.forEach((chunk, index) => {
      assert.equal(chunk.type, "audio_chunk");
      assert.equal(chunk.replyId, 1);
      assert.equal(chunk.index, index);
      assert.equal(chunk.mimeType, "audio/wav;rate=22050");
      assert.equal(chunk.final, index === chunks.length - 1);
    });
    const wav = concatAudio(chunks);
    assert.equal(wav.toString("ascii", 0, 4), "RIFF");
    assert.equal(wav.readUInt32LE(24), 22050);

    client.send(ui("settings", { audio: false }));

    const hello = await client.step(say("  hi there  "));
    assert.deepEqual(types(hello), ["transcript", "state_change", "action:show_menu", "ai_response"]);
    assert.deepEqual(hello[0], { type: "transcript", role: "user", text: "hi there", final: true });
    assert.deepEqual(hello[1], { type: "state_change", from: "GREETING", to: "NAVIGATION", trigger: "utterance" });
    assert.deepEqual(hello[2]!.options, ["check_in", "start_assessment"]);
    assert.equal(hello[3]!.id, 2);

    const interim = await client.step(ui("transcript", { text: "my wri", final: false }), (f) => f.type === "transcript");
    assert.deepEqual(interim, [{ type: "transcript", role: "user", text: "my wri", final: false }]);

    const checkIn = await client.step(press("check_in"));
    assert.deepEqual(types(checkIn), ["state_change", "ai_response"]);
    assert.equal(checkIn[1]!.state, "CHECK_IN");
    assert.match(checkIn[1]!.text, /How are your hands feeling/);

    const answer = await client.step(say("My right wrist is stiff this morning"));
    assert.deepEqual(types(answer), [
      "transcript",
      "state_change",
      "action:journal_saved",
      "action:show_assessment_options",
      "ai_response",
    ]);
    assert.equal(answer[2]!.entryType, "AD_HOC_CHECK_IN");
    assert.equal(typeof answer[2]!.entryId, "number");
    assert.deepEqual(
      answer[3]!.options,
      KIND_LIST.map((kind) => kind.type),
    );
    assert.match(answer[4]!.text, /added that to your journal/);

    const choose = await client.step(say("range of motion please"));
    assert.deepEqual(types(choose), ["transcript", "action:prepare_assessment", "ai_response"]);
    assert.equal(choose[1]!.assessmentType, "ROM");

    const ready = await client.step(say("I'm ready"));
    assert.deepEqual(types(ready), ["transcript", "action:start_assessment", "ai_response"]);
    assert.equal(ready[1]!.assessmentType, "ROM");

    const started = await client.step(ui("assessment_started", { assessmentType: "ROM" }));
    assert.deepEqual(types(started), ["state_change", "ai_response"]);

    const coaching = await client.step(ui("assessment_progress", { progress: 0.5, hint: "POOR_LIGHTING" }), (f) => f.type === "coaching");
    assert.deepEqual(coaching, [{ type: "coaching", text: coaching[0]!.text, hint: "POOR_LIGHTING", progress: 0.5 }]);
    assert.match(coaching[0]!.text, /dark/);
    const halfway = await client.step(ui("assessment_progress", { progress: 0.6 }), (f) => f.type === "coaching");
    assert.equal(halfway[0]!.hint, null);

    const done = await client.step(ui("assessment_completed", { assessmentType: "ROM", overallScore: 78, code: "ABC234", hand: "RIGHT" }));
    assert.deepEqual(types(done), ["state_change", "action:show_results", "ai_response"]);
    assert.deepEqual(done[1], { type: "action", action: "show_results", assessmentType: "ROM", code: "ABC234", overallScore: 78 });
    assert.match(done[2]!.text, /78 out of 100/);

    const reflect = await client.step(press("continue"));
    assert.deepEqual(types(reflect), ["state_change", "ai_response"]);
    assert.match(reflect[1]!.text, /How did that feel/);

    const reflection = await client.step(say("It felt easier than last week"));
    assert.deepEqual(types(reflection), ["transcript", "action:journal_saved", "ai_response"]);
    assert.equal(reflection[1]!.entryType, "POST_ASSESSMENT");
    const more = await client.step(say("That's all"));
    assert.deepEqual(types(more), ["transcript", "ai_response"], "only the first reflection answer is stored");

    const moves = client.frames.filter((f) => f.type === "state_change").map((f) => `${f.from}>${f.to}`);
    assert.deepEqual(moves, [
      "IDLE>GREETING",
      "GREETING>NAVIGATION",
      "NAVIGATION>CHECK_IN",
      "CHECK_IN>ASSESSMENT_SETUP",
      "ASSESSMENT_SETUP>ASSESSMENT_ACTIVE",
      "ASSESSMENT_ACTIVE>ASSESSMENT_REVIEW",
      "ASSESSMENT_REVIEW>REFLECTION",
    ]);
    assert.ok(client.frames.filter((f) => f.type === "ai_response").every((f) => f.source === "script"));
    assert.equal((await client.close()).code, 1000);
  },
);

test("with a model: replies are the model's, with its audio; the flow still reaches REFLECTION, skips and goes back", async () => {
  llm.reply("Model says hello.");
  const client = await VoiceClient.open(wsUrl(modelled));
  const greeting = await client.until((f) => f.type === "audio_chunk" && f.final);
  assert.deepEqual(types(greeting).slice(0, 2), ["state_change", "ai_response"]);
  assert.deepEqual(greeting[1], { type: "ai_response", id: 1, state: "GREETING", text: "Model says hello.", source: "ai" });
  assert.equal(greeting[2]!.mimeType, "audio/wav;rate=24000");
  assert.equal(concatAudio(greeting).readUInt32LE(24), 24000);
  client.send(ui("settings", { audio: false }));

  await client.step(say("hello"));
  await client.step(press("check_in"));
  const skipped = await client.step(press("skip"));
  assert.deepEqual(types(skipped), ["state_change", "action:show_assessment_options", "ai_response"]);
  assert.equal(skipped[0]!.to, "ASSESSMENT_SETUP");
  assert.deepEqual(types(await client.step(ui("assessment_selected", { assessmentType: "FINGER_TAPPING" }))), [
    "action:prepare_assessment",
    "ai_response",
  ]);
  const start = await client.step(press("start_assessment"));
  assert.deepEqual(start[0], { type: "action", action: "start_assessment", assessmentType: "DEXTERITY" });
  await client.step(ui("assessment_started"));
  const cancelled = await client.step(ui("assessment_cancelled"));
  assert.deepEqual(cancelled[0], {
    type: "state_change",
    from: "ASSESSMENT_ACTIVE",
    to: "ASSESSMENT_SETUP",
    trigger: "assessment_cancelled",
  });
  await client.step(ui("assessment_started"));
  await client.step(say("this is fun"));
  await client.step(ui("assessment_completed", { overallScore: 64 }));
  await client.step(say("ok"));
  const reflection = await client.step(say("It went fine"));
  assert.deepEqual(types(reflection), ["transcript", "ai_response"], "anonymous: nothing is stored");

  const restart = await client.step(press("restart"));
  assert.deepEqual(restart[0], { type: "state_change", from: "REFLECTION", to: "NAVIGATION", trigger: "restart" });
  const skip = await client.step(say("Let's do another test"));
  assert.deepEqual(skip[1], { type: "state_change", from: "NAVIGATION", to: "ASSESSMENT_SETUP", trigger: "start_assessment" });

  const replies = client.frames.filter((f) => f.type === "ai_response");
  assert.ok(replies.every((f) => f.source === "ai" && f.text === "Model says hello."));
  const moves = client.frames.filter((f) => f.type === "state_change").map((f) => f.to);
  assert.deepEqual(moves, [
    "GREETING",
    "NAVIGATION",
    "CHECK_IN",
    "ASSESSMENT_SETUP",
    "ASSESSMENT_ACTIVE",
    "ASSESSMENT_SETUP",
    "ASSESSMENT_ACTIVE",
    "ASSESSMENT_REVIEW",
    "REFLECTION",
    "NAVIGATION",
    "ASSESSMENT_SETUP",
  ]);

  // The model is told the step and hears the person's words.
  const prompts = llm.prompts();
  assert.ok(prompts.some((messages) => messages[0]!.role === "system" && messages[0]!.content.includes("Current step: GREETING")));
  assert.ok(prompts.some((messages) => messages.at(-1)!.content === "Let's do another test"));

  // A failing model: the script answers instead.
  llm.failWith(500);
  try {
    const fallback = await client.step(ui("assessment_selected", { assessmentType: "PAIN" }));
    assert.equal(fallback.at(-1)!.source, "script");
    assert.match(fallback.at(-1)!.text, /Pain it is/);
  } finally {
    llm.reply("Model says hello.");
  }
  await client.close();
});

test("development auth mode: any access_token signs in the mock user, whose check-in is stored", async () => {
  const client = await VoiceClient.open(wsUrl(modelled, "?access_token=anything&audio=off"));
  await client.until((f) => f.type === "ai_response");
  await client.step(press("continue"));
  await client.step(press("check_in"));
  const answer = await client.step(say("Both hands ache"));
  assert.ok(answer.some((f) => f.type === "action" && f.action === "journal_saved" && f.entryType === "AD_HOC_CHECK_IN"));
  await client.close();
});

test("bad messages get an error frame and the session goes on", async () => {
  const client = await VoiceClient.open(wsUrl(scripted, "?audio=off"));
  await client.until((f) => f.type === "ai_response");
  const expectError = async (message: unknown, code: string, field?: string) => {
    const [frame] = await client.step(message, (f) => f.type === "error");
    assert.equal(frame!.code, code, JSON.stringify(message).slice(0, 60));
    if (field) assert.equal(frame!.field, field);
    return frame!;
  };
  await expectError("hello", "INVALID_JSON");
  await expectError(Buffer.from([1, 2, 3]), "INVALID_JSON");
  await expectError({ type: "ping" }, "UNKNOWN_MESSAGE");
  await expectError([1, 2], "UNKNOWN_MESSAGE");
  await expectError(ui("dance"), "UNKNOWN_MESSAGE");
  await expectError(ui("button", { button: "fly" }), "INVALID_MESSAGE", "button");
  await expectError(ui("transcript", { text: "   " }), "INVALID_MESSAGE", "text");
  await expectError(ui("transcript", { text: "x".repeat(60_000) }), "INVALID_MESSAGE", "text");
  await expectError(ui("assessment_completed", { overallScore: 140 }), "INVALID_MESSAGE", "overallScore");
  const notNow = await expectError(ui("assessment_completed", { overallScore: 50 }), "NOT_ALLOWED_NOW");
  assert.equal(notNow.state, "GREETING");
  assert.match(notNow.message, /accepted here: utterance, continue/);

  const goesOn = await client.step(press("continue"));
  assert.deepEqual(goesOn[0], { type: "state_change", from: "GREETING", to: "NAVIGATION", trigger: "continue" });
  await client.close();
});

test("a client sending faster than the replies come: 16 messages wait, the rest get BUSY and are dropped", async () => {
  llm.reply("A slow answer.");
  const client = await VoiceClient.open(wsUrl(modelled, "?audio=off"));
  await client.until((f) => f.type === "ai_response");
  llm.delay(2_000);
  try {
    for (let i = 1; i <= 20; i++) client.send(say(`message ${i}`));
    const busy = () => client.frames.filter((f) => f.type === "error" && f.code === "BUSY");
    const deadline = Date.now() + 10_000;
    while (busy().length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // The one being answered and the 15 behind it make 16 waiting; messages 17 to 20 are refused.
    assert.equal(busy().length, 4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(busy().length, 4, "no more refusals than messages over the backlog");
  } finally {
    llm.delay(0);
    await client.close();
  }
});

test("a frame over 64 KiB closes the socket with 1009", async () => {
  const client = await VoiceClient.open(wsUrl(scripted, "?audio=off"));
  await client.until((f) => f.type === "ai_response");
  client.send(JSON.stringify(ui("transcript", { text: "x".repeat(64 * 1024) })));
  assert.equal((await client.closed).code, 1009);
});

test("the handshake checks Origin: allow-listed or absent is accepted, others get 403", async () => {
  assert.equal(await handshakeStatus(wsUrl(scripted, "?audio=off"), { origin: "https://evil.example.net" }), 403);
  assert.equal(await handshakeStatus(wsUrl(scripted, "?audio=off"), { origin: "https://app.example.com" }), 101);
  assert.equal(
    await handshakeStatus(wsUrl(scripted, "?audio=off"), { origin: "http://localhost:3002" }),
    403,
    "no loopback origin in production",
  );
  assert.equal(await handshakeStatus(wsUrl(scripted, "?audio=off")), 101);
});

test("a token that does not verify is refused with 401; a valid one works as access_token too", async () => {
  const foreign = await idp.token({ foreignKey: true });
  assert.equal(await handshakeStatus(wsUrl(scripted), { headers: { authorization: `Bearer ${foreign}` } }), 401);
  const expired = await idp.token({ expiresIn: -60 });
  assert.equal(await handshakeStatus(wsUrl(scripted, `?access_token=${expired}`)), 401);

  const token = await idp.token({ sub: patientSub, roles: ["patient"] });
  const client = await VoiceClient.open(wsUrl(scripted, `?access_token=${token}&audio=off`));
  await client.until((f) => f.type === "ai_response");
  await client.step(press("continue"));
  await client.step(press("check_in"));
  const answer = await client.step(say("A little sore after gardening"));
  assert.ok(answer.some((f) => f.type === "action" && f.action === "journal_saved"));
  await client.close();
});

test("a ticket from POST /ai/ws-ticket signs the socket in; the query token still works, marked deprecated", async () => {
  const sub = uniqueSub("voice-ticket");
  const token = await idp.token({ sub, roles: ["patient"] });
  const issued = await checked<{ ticket: string; expiresAt: string }>(
    scripted.origin,
    "POST",
    "/ai/ws-ticket",
    await fetch(`${scripted.origin}/api/ai/ws-ticket`, { method: "POST", headers: { authorization: `Bearer ${token}` } }),
  );
  assert.equal(issued.status, 200);
  const { ticket } = issued.body;
  assert.ok(!ticket.includes(token.slice(0, 20)), "the ticket is not the token");

  const client = await VoiceClient.open(wsUrl(scripted, `?ticket=${ticket}&audio=off`));
  await client.until((f) => f.type === "ai_response");
  await client.step(press("continue"));
  await client.step(press("check_in"));
  const answer = await client.step(say("Fingers feel fine today"));
  assert.ok(answer.some((f) => f.type === "action" && f.action === "journal_saved"));
  await client.close();
  const rows = await queryDatabase<{ transcript: string }>(
    database,
    `SELECT j.transcript FROM journal_entries j JOIN contacts c ON c.id = j.patient_id WHERE c.sub = $1`,
    [sub],
  );
  assert.deepEqual(
    rows.map((r) => r.transcript),
    ["Fingers feel fine today"],
  );

  const deprecation = await new Promise<string | undefined>((resolve, reject) => {
    const socket = new WebSocket(wsUrl(scripted, `?access_token=${token}&audio=off`));
    let header: string | undefined;
    socket.once("upgrade", (response) => (header = response.headers.deprecation as string | undefined));
    socket.once("open", () => socket.close());
    socket.once("close", () => resolve(header));
    socket.once("error", reject);
  });
  assert.equal(deprecation, "true");
});

test("at most VOICE_MAX_CONNECTIONS_PER_CLIENT sockets per address; a closed one frees its place", async () => {
  const open = await Promise.all([1, 2, 3].map(() => VoiceClient.open(wsUrl(scripted, "?audio=off"))));
  assert.equal(await handshakeStatus(wsUrl(scripted, "?audio=off")), 429);
  await open.pop()!.close();
  let status = 0;
  for (let attempt = 0; attempt < 50 && status !== 101; attempt++) {
    status = await handshakeStatus(wsUrl(scripted, "?audio=off"));
    if (status !== 101) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(status, 101);
  await Promise.all(open.map((client) => client.close()));
});

test("heartbeat: a peer that stops answering pings is dropped; one that answers stays", async () => {
  const silent = await VoiceClient.open(wsUrl(modelled, "?audio=off"), { autoPong: false });
  const lively = await VoiceClient.open(wsUrl(modelled, "?audio=off"));
  const { code } = await silent.closed;
  assert.equal(code, 1006, "terminated without a close frame");
  assert.equal(lively.socket.readyState, WebSocket.OPEN);
  await lively.close();
});

test("server shutdown closes open sessions with 1001, and their journal entries are in the database", async () => {
  const client = await VoiceClient.open(wsUrl(scripted, "?audio=off"));
  await client.until((f) => f.type === "ai_response");
  assert.equal(await scripted.stop(), 0);
  assert.deepEqual(await client.closed, { code: 1001, reason: "server shutting down" });

  const rows = await queryDatabase<{
    entry_type: string;
    transcript: string;
    affected_hand: string | null;
    orchestrator_session_id: string | null;
  }>(
    database,
    `SELECT j.entry_type::text, j.transcript, j.affected_hand::text, j.orchestrator_session_id
       FROM journal_entries j JOIN contacts c ON c.id = j.patient_id WHERE c.sub = $1 ORDER BY j.id`,
    [patientSub],
  );
  // Before this session's entry come the two of the scripted walk-through's session, when it ran
  // (it is skipped without espeak-ng).
  const earlier: [string, string, string | null][] = withoutEspeak
    ? []
    : [
        ["AD_HOC_CHECK_IN", "My right wrist is stiff this morning", null],
        ["POST_ASSESSMENT", "It felt easier than last week", "RIGHT"],
      ];
  assert.deepEqual(
    rows.map((r) => [r.entry_type, r.transcript, r.affected_hand]),
    [...earlier, ["AD_HOC_CHECK_IN", "A little sore after gardening", null]],
  );
  const own = rows.at(-1)!;
  assert.ok(own.orchestrator_session_id);
  for (const row of rows.slice(0, -1)) {
    assert.equal(row.orchestrator_session_id, rows[0]!.orchestrator_session_id, "one session");
    assert.notEqual(row.orchestrator_session_id, own.orchestrator_session_id);
  }
});
