// Sends one result through the same-origin proxy with its Idempotency-Key: sending it again
// after a lost answer returns the same record (docs/api.md).
import { jsonCall } from "@/lib/web/json-call";

export interface SentResult {
  code: string;
  formattedCode: string;
}

export type SendOutcome = { ok: true; sent: SentResult } | { ok: false };

/** A fresh key for one result: 32 hex digits from the browser's random source. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function sendResult(path: string, body: unknown, key: string): Promise<SendOutcome> {
  try {
    const answer = await jsonCall<SentResult>(
      `/api/proxy${path}`,
      { method: "POST", body, headers: { "idempotency-key": key } },
      () => null,
    );
    return answer.ok && answer.data ? { ok: true, sent: answer.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}
