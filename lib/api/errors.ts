// The one error model: services throw ApiError; the route wrapper, the API router, the custom
// server, the same-origin proxy and the voice handshake all answer errors through errorReply():
// `{ error, code?, field? }` with its status, `x-request-id` and `cache-control: no-store`.
import { randomUUID } from "node:crypto";

export interface ApiErrorOptions {
  /** Machine-readable reason, e.g. ALREADY_SUBSCRIBED. */
  code?: string;
  /** The offending input field (dotted path). */
  field?: string;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly field?: string;
  readonly headers?: Record<string, string>;

  constructor(status: number, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = options.code;
    this.field = options.field;
    this.headers = options.headers;
  }

  body(): { error: string; code?: string; field?: string } {
    return {
      error: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.field ? { field: this.field } : {}),
    };
  }
}

export const badRequest = (message: string, field?: string, code?: string) => new ApiError(400, message, { field, code });
export const notFound = (message = "Not found") => new ApiError(404, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message = "Insufficient permissions") => new ApiError(403, message);

/** True for errors that mean the database cannot be reached (not a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === "string" && /^(P1001|P1002|P1017|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P01|57P03|08\d{3})$/.test(code)) {
      return true;
    }
    if (name === "DriverAdapterError" && typeof message === "string" && /connect|terminat|closed|timeout/i.test(message)) {
      return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database|ECONNREFUSED/i.test(message)
    ) {
      return true;
    }
    // pg's own connect timeout (a server that accepts the connection and never answers).
    if (message === "timeout expired") {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The one way an error leaves the API: JSON `{ error, code?, field? }` with the status, the
 * request id (made here when the caller has none yet) and no-store, plus any headers the error
 * carries (Retry-After, Allow ...).
 */
export function errorReply(error: ApiError, requestId: string = randomUUID()): Response {
  const headers = new Headers(error.headers);
  headers.set("content-type", "application/json");
  headers.set("cache-control", "no-store");
  headers.set("x-request-id", requestId);
  return new Response(JSON.stringify(error.body()), { status: error.status, headers });
}
