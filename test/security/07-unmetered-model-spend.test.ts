// Row 7 of the abuse review: one anonymous voice socket caused 248 model calls in 7 s, and every
// /ai/tts and /reports/:code/explain was a paid call. Now: per-address limits on model and
// speech calls (voice turns included), a daily budget for all callers after which the
// template/script answers are used (not errors), explain single-flight per report, and a bounded
// espeak-ng queue (503 past it).
// Own server: model allowances and a daily budget it spends.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { clientAt, newAddress } from "@/test/support/clients";
import { apiClient } from "@/test/support/http";
import { startLlm, type LlmStandIn } from "@/test/support/llm";
import { skipWithout } from "@/test/support/programs";
import { startServer, type TestServer } from "@/test/support/server";
import { VoiceClient } from "@/test/support/voice";

const AI_PER_MINUTE = 3;
let llm: LlmStandIn;
let server: TestServer;

const modelCalls = () => llm.requests.filter((r) => r.path === "/chat/completions" || r.path === "/audio/speech").length;

before(async () => {
  llm = await startLlm();
  server = await startServer({
    env: { ...llm.env, RATE_LIMIT: "on", TRUST_PROXY: "loopback", RATE_LIMIT_AI_PER_MINUTE: String(AI_PER_MINUTE) },
  });
});
after(async () => {
  await server?.stop();
  await llm?.close();
});

async function newReport(origin: string): Promise<string> {
  const api = apiClient(origin);
  const { code } = (await api.post("/assessments/rom", romBody, { headers: { "x-forwarded-for": newAddress() } })).body;
  return (await api.post("/reports", { title: "Spend", assessmentCodes: [code] }, { headers: { "x-forwarded-for": newAddress() } })).body
    .code;
}

test("a voice socket spamming utterances gets script answers once its address spent RATE_LIMIT_AI_PER_MINUTE model calls", async () => {
  const before = modelCalls();
  const url = `${server.origin.replace("http", "ws")}/api/ai/ws?audio=off`;
  const client = await VoiceClient.open(url, { headers: { "x-forwarded-for": newAddress() } });
  const replies = [(await client.until((f) => f.type === "ai_response")).at(-1)!];
  replies.push((await client.step({ type: "ui_event", event: "button", button: "continue" })).at(-1)!);
  replies.push((await client.step({ type: "ui_event", event: "button", button: "check_in" })).at(-1)!);
  replies.push((await client.step({ type: "ui_event", event: "button", button: "skip" })).at(-1)!);
  for (let i = 0; i < 20; i++)
    replies.push((await client.step({ type: "ui_event", event: "transcript", text: `spam ${i}`, final: true })).at(-1)!);
  await client.close();
  assert.equal(modelCalls() - before, AI_PER_MINUTE);
  assert.deepEqual(
    replies.slice(0, AI_PER_MINUTE).map((r) => r.source),
    Array(AI_PER_MINUTE).fill("ai"),
  );
  assert.ok(
    replies.slice(AI_PER_MINUTE).every((r) => r.source === "script" && r.text.length > 0),
    "then the script answers",
  );
});

test("/ai/tts past the address's allowance is 429 with Retry-After, and the model is not called", async () => {
  const client = clientAt(server.origin, newAddress());
  for (let i = 0; i < AI_PER_MINUTE; i++) assert.equal((await client.post("/ai/tts", { text: `hello ${i}` })).status, 200);
  const before = modelCalls();
  const over = await client.post("/ai/tts", { text: "one more" });
  assert.equal(over.status, 429);
  assert.ok(Number(over.headers.get("retry-after")) >= 1);
  assert.equal(modelCalls(), before);
});

test("/reports/:code/explain: concurrent requests for one report make one model call", async () => {
  const code = await newReport(server.origin);
  llm.delay(400);
  const before = modelCalls();
  try {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => clientAt(server.origin, newAddress()).post(`/reports/${code}/explain`)),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200, 200],
    );
    assert.ok(answers.every((a) => a.body.source === "ai" && a.body.explanation === answers[0]!.body.explanation));
  } finally {
    llm.delay(0);
  }
  assert.equal(modelCalls() - before, 1);
});

test("past AI_DAILY_BUDGET every caller gets the template explanation (200, source fallback), not an error", async () => {
  const budgeted = await startServer({ env: { ...llm.env, RATE_LIMIT: "on", TRUST_PROXY: "loopback", AI_DAILY_BUDGET: "2" } });
  try {
    const sources = [];
    for (let i = 0; i < 3; i++) {
      const code = await newReport(budgeted.origin);
      const answer = await clientAt(budgeted.origin, newAddress()).post(`/reports/${code}/explain`);
      assert.equal(answer.status, 200);
      sources.push(answer.body.source);
    }
    assert.deepEqual(sources, ["ai", "ai", "fallback"]);
    await budgeted.waitForOutput(/daily model budget spent/);
  } finally {
    await budgeted.stop();
  }
});

test(
  "espeak-ng's queue is bounded: past SPEECH_QUEUE_MAX waiting syntheses, 503 with Retry-After",
  { skip: skipWithout("espeak-ng", "espeak-ng") },
  async () => {
    const local = await startServer({ env: { ESPEAK_PATH: "espeak-ng", SPEECH_QUEUE_MAX: "1", RATE_LIMIT: "off" } });
    try {
      const text = "A long sentence for the speech synthesizer to work on for a while. ".repeat(25);
      const answers = await Promise.all(Array.from({ length: 8 }, () => apiClient(local.origin).post("/ai/tts", { text })));
      const statuses = answers.map((a) => a.status);
      assert.ok(statuses.includes(200), `some are spoken: ${statuses}`);
      const refused = answers.filter((a) => a.status === 503);
      assert.ok(refused.length >= 1, `some are refused: ${statuses}`);
      assert.ok(refused.every((a) => Number(a.headers.get("retry-after")) >= 1));
    } finally {
      await local.stop();
    }
  },
);
