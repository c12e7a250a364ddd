// A loopback stand-in of the Resend API (POST /emails), as the resend SDK calls it.
import { sendJson, startStandIn, type StandIn } from "./stand-in.ts";

export interface SentEmail {
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; content_type?: string }[];
}

export interface ResendStandIn extends StandIn {
  /** Server variables that point the service at this stand-in. */
  env: Record<string, string>;
  emails(): SentEmail[];
  /** Makes every send fail with the given status until called with null. */
  failWith(status: number | null): void;
}

export async function startResend(): Promise<ResendStandIn> {
  let failure: number | null = null;
  let counter = 0;
  const standIn = await startStandIn((request, res) => {
    if (request.method === "POST" && request.path === "/emails") {
      if (failure) return sendJson(res, failure, { statusCode: failure, name: "application_error", message: "stand-in failure" });
      return sendJson(res, 200, { id: `email_${++counter}` });
    }
    sendJson(res, 404, { statusCode: 404, name: "not_found", message: "unknown path" });
  });
  return {
    ...standIn,
    env: { RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: standIn.url },
    emails: () =>
      standIn.requests.filter((r) => r.method === "POST" && r.path === "/emails" && failure === null).map((r) => r.json() as SentEmail),
    failWith(status) {
      failure = status;
    },
  };
}
