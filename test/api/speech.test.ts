// POST /api/ai/tts: the model's speech endpoint first, local espeak-ng next, 204 when nothing
// can speak, 500 when every configured backend failed.
// Own server: espeak-ng four ways: failing, unset, missing, a queue of one.
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { apiClient } from "@/test/support/http";
import { startLlm, type LlmStandIn } from "@/test/support/llm";
import { findProgram, skipWithout } from "@/test/support/programs";
import { startServer, type TestServer } from "@/test/support/server";

/** Local speech needs espeak-ng (.ci/run installs it; elsewhere its tests skip, naming the package). */
const espeakPath = findProgram("espeak-ng");
const withoutEspeak = skipWithout("espeak-ng", "espeak-ng");

let llm: LlmStandIn;
/** The model, and a local program that always fails behind it. */
let withModel: TestServer;
let withEspeak: TestServer;
let noBackend: TestServer;

before(async () => {
  llm = await startLlm();
  // One after the other: starting servers is CPU-heavy, and the machine may be busy.
  withModel = await startServer({ env: { ...llm.env, ESPEAK_PATH: "/bin/false" } });
  withEspeak = await startServer({ env: { ESPEAK_PATH: undefined } });
  noBackend = await startServer({ env: { ESPEAK_PATH: "/nonexistent/espeak-ng" } });
});
after(async () => {
  await Promise.all([withModel, withEspeak, noBackend].map((server) => server?.stop()));
  await llm?.close();
});

interface Wav {
  riffSize: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataSize: number;
  dataOffset: number;
}

function parseWav(bytes: Buffer): Wav {
  assert.equal(bytes.toString("ascii", 0, 4), "RIFF");
  assert.equal(bytes.toString("ascii", 8, 12), "WAVE");
  let offset = 12;
  let format: Pick<Wav, "sampleRate" | "channels" | "bitsPerSample"> | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString("ascii", offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === "fmt ")
      format = {
        channels: bytes.readUInt16LE(offset + 10),
        sampleRate: bytes.readUInt32LE(offset + 12),
        bitsPerSample: bytes.readUInt16LE(offset + 22),
      };
    if (id === "data") return { riffSize: bytes.readUInt32LE(4), ...format!, dataSize: size, dataOffset: offset + 8 };
    offset += 8 + size + (size % 2);
  }
  throw new Error("no data chunk");
}

test("with a model configured: its /audio/speech WAV, with the rate read from the header", async () => {
  llm.reply("ok");
  const before = llm.requests.length;
  const { status, body } = await apiClient(withModel.origin).post("/ai/tts", { text: "Hold your hand still." });
  assert.equal(status, 200);
  assert.equal(body.mimeType, "audio/wav;rate=24000");
  const wav = parseWav(Buffer.from(body.audio, "base64"));
  assert.equal(wav.sampleRate, 24000);
  const request = llm.requests.slice(before).find((r) => r.path === "/audio/speech")!;
  assert.equal(request.json().input, "Hold your hand still.");
  assert.equal(request.json().response_format, "wav");
  assert.equal(request.headers.authorization, "Bearer sk-test");
});

test(
  `without a model: espeak-ng (${espeakPath}) speaks a WAV whose header states 22050 Hz and the true sizes`,
  { skip: withoutEspeak },
  async () => {
    const { status, body, headers } = await apiClient(withEspeak.origin).post("/ai/tts", { text: "Your score is 78 out of 100." });
    assert.equal(status, 200);
    assert.equal(headers.get("cache-control"), "no-store");
    const bytes = Buffer.from(body.audio, "base64");
    const wav = parseWav(bytes);
    assert.equal(body.mimeType, `audio/wav;rate=${wav.sampleRate}`);
    assert.equal(wav.sampleRate, 22050);
    assert.equal(wav.channels, 1);
    assert.equal(wav.bitsPerSample, 16);
    assert.equal(wav.riffSize, bytes.length - 8);
    assert.equal(wav.dataSize, bytes.length - wav.dataOffset);
    // About 2 seconds of speech, not silence or a stub.
    assert.ok(wav.dataSize > 22050, `only ${wav.dataSize} bytes of samples`);
  },
);

test("text that looks like a command-line option is spoken, not obeyed", { skip: withoutEspeak }, async () => {
  const { status, body } = await apiClient(withEspeak.origin).post("/ai/tts", { text: "--help" });
  assert.equal(status, 200);
  assert.equal(parseWav(Buffer.from(body.audio, "base64")).sampleRate, 22050);
});

test("no model and no espeak-ng: 204 without a body", async () => {
  const response = await apiClient(noBackend.origin).post("/ai/tts", { text: "Hello" });
  assert.equal(response.status, 204);
  assert.equal(response.body, "");
});

test("every configured backend failing (the model answers 500, the local program exits 1): 500", async () => {
  llm.failWith(500);
  try {
    const { status, body } = await apiClient(withModel.origin).post("/ai/tts", { text: "Hello" });
    assert.equal(status, 500);
    assert.equal(body.error, "Speech synthesis failed");
  } finally {
    llm.reply("ok");
  }
});

test("text missing, empty, blank, not a string or over 2000 characters: 400 naming text", async () => {
  const api = apiClient(noBackend.origin);
  for (const body of [{}, { text: "" }, { text: "   \n" }, { text: 42 }, { text: "x".repeat(2001) }]) {
    const response = await api.post("/ai/tts", body);
    assert.equal(response.status, 400, JSON.stringify(body).slice(0, 40));
    assert.equal(response.body.field, "text");
  }
  assert.equal((await api.post("/ai/tts", { text: "x".repeat(2000) })).status, 204);
});

test("local speech runs 2 at once and queues SPEECH_QUEUE_MAX more; past that 503 SPEECH_BUSY with Retry-After", async () => {
  // A stand-in for the espeak-ng program that takes its time and then fails: five requests at
  // once find two slots and one place in the queue.
  const dir = mkdtempSync(join(tmpdir(), "slow-espeak-"));
  const program = join(dir, "espeak-ng");
  writeFileSync(program, "#!/bin/sh\ncat > /dev/null\nsleep 4\nexit 1\n");
  chmodSync(program, 0o755);
  const server = await startServer({ env: { ESPEAK_PATH: program, SPEECH_QUEUE_MAX: "1" } });
  try {
    const api = apiClient(server.origin);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.post("/ai/tts", { text: "Hello" })));
    const busy = answers.filter((answer) => answer.status === 503);
    assert.deepEqual(
      answers.map((answer) => answer.status).sort(),
      [500, 500, 500, 503, 503],
      "two run, one waits (each then fails as the program does), two are refused",
    );
    for (const answer of busy) {
      assert.equal(answer.body.code, "SPEECH_BUSY");
      assert.equal(answer.headers.get("retry-after"), "2");
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
