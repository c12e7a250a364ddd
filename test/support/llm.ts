// A loopback stand-in of an OpenAI-compatible model API: /chat/completions and /audio/speech.
import { sendJson, startStandIn, type StandIn } from "./stand-in.ts";

export interface LlmStandIn extends StandIn {
  env: Record<string, string>;
  /** What the next completions answer: a text, an HTTP error status, or a delay before answering. */
  reply(text: string): void;
  failWith(status: number): void;
  delay(ms: number): void;
  /** The chat messages of every completions request. */
  prompts(): { role: string; content: string }[][];
}

/** A short WAV (PCM 16-bit mono) of silence at the given rate. */
export function silentWav(sampleRate = 24_000, samples = 2400): Buffer {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export async function startLlm(): Promise<LlmStandIn> {
  let text = "This is the model's answer.";
  let status = 200;
  let delayMs = 0;
  const standIn = await startStandIn(async (request, res) => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (status !== 200) return sendJson(res, status, { error: { message: "stand-in failure" } });
    if (request.method === "POST" && request.path === "/chat/completions") {
      return sendJson(res, 200, {
        id: "chatcmpl-test",
        object: "chat.completion",
        model: request.json().model,
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      });
    }
    if (request.method === "POST" && request.path === "/audio/speech") {
      res.statusCode = 200;
      res.setHeader("content-type", "audio/wav");
      res.end(silentWav());
      return;
    }
    sendJson(res, 404, { error: { message: "unknown path" } });
  });
  return {
    ...standIn,
    env: { LLM_BASE_URL: standIn.url, LLM_API_KEY: "sk-test", LLM_MODEL: "test-model" },
    reply(next) {
      text = next;
      status = 200;
    },
    failWith(next) {
      status = next;
    },
    delay(ms) {
      delayMs = ms;
    },
    prompts: () =>
      standIn.requests.filter((r) => r.path === "/chat/completions").map((r) => r.json().messages as { role: string; content: string }[]),
  };
}
