// The language model: an OpenAI-compatible chat completions endpoint at LLM_BASE_URL.
// Callers always have a deterministic fallback: complete() returns null when the model is not
// configured, fails, answers nonsense, takes longer than LLM_TIMEOUT_MS, or when the day's
// budget of model calls (AI_DAILY_BUDGET, all callers) is spent.
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { spendModelBudget } from "@/lib/rate-limit";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export function llmConfigured(): boolean {
  return Boolean(env().LLM_BASE_URL);
}

function endpointUrl(path: string): string {
  return env().LLM_BASE_URL!.replace(/\/+$/, "") + path;
}

function headers(): Record<string, string> {
  const key = env().LLM_API_KEY;
  return { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) };
}

/** The model's reply text, or null (not configured, error, timeout, empty reply). */
export async function complete(
  messages: ChatMessage[],
  options: { purpose: string; maxTokens?: number; temperature?: number; timeoutMs?: number },
): Promise<string | null> {
  if (!llmConfigured() || !(await spendModelBudget())) return null;
  const { LLM_MODEL, LLM_TIMEOUT_MS } = env();
  try {
    const response = await fetch(endpointUrl("/chat/completions"), {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({
        model: LLM_MODEL,
        messages,
        max_tokens: options.maxTokens ?? 600,
        temperature: options.temperature ?? 0.3,
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? LLM_TIMEOUT_MS),
    });
    if (!response.ok) {
      logger.warn({ purpose: options.purpose, status: response.status }, "language model answered an error");
      return null;
    }
    const data = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = data.choices?.[0]?.message?.content;
    if (typeof text !== "string" || text.trim() === "") {
      logger.warn({ purpose: options.purpose }, "language model answered no text");
      return null;
    }
    return text.trim();
  } catch (error) {
    logger.warn({ purpose: options.purpose, err: (error as Error).name }, "language model unreachable or too slow");
    return null;
  }
}

/**
 * Speech from an OpenAI-compatible `/audio/speech` endpoint: raw bytes and their content type,
 * or null when not configured or failing.
 */
export async function speech(
  text: string,
  options: { format: "wav" | "pcm"; voice?: string; timeoutMs?: number },
): Promise<{ audio: Buffer; contentType: string } | null> {
  if (!llmConfigured() || !(await spendModelBudget())) return null;
  const { LLM_TIMEOUT_MS } = env();
  try {
    const response = await fetch(endpointUrl("/audio/speech"), {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ model: "tts-1", input: text, voice: options.voice ?? "alloy", response_format: options.format }),
      signal: AbortSignal.timeout(options.timeoutMs ?? LLM_TIMEOUT_MS),
    });
    if (!response.ok) {
      logger.warn({ status: response.status }, "speech endpoint answered an error");
      return null;
    }
    return { audio: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "" };
  } catch (error) {
    logger.warn({ err: (error as Error).name }, "speech endpoint unreachable or too slow");
    return null;
  }
}
