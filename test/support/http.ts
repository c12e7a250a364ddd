// Small JSON client for integration tests. Every response is checked against the API
// reference (test/support/contract.ts) unless a call opts out with `unchecked`; `checked` does
// the same for a response a test fetched itself (for headers or bodies apiClient does not send).
import { contractFor } from "./contract.ts";
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Skip the contract check (for deliberately malformed exchanges and probes outside the API). */
  unchecked?: boolean;
  /** "manual": a redirect is the answer (3xx), not followed to the page it names. */
  redirect?: "manual";
}

/** Reads a response of `method /api<path>` (JSON parsed) and checks it against the served reference. */
export async function checked<T = any>(origin: string, method: string, path: string, response: Response): Promise<ApiResponse<T>> {
  const { status, headers, body } = await read<T>(response);
  (await contractFor(origin))(method, path, status, headers.get("content-type") ?? "", body);
  return { status, headers, body };
}

async function read<T>(response: Response): Promise<ApiResponse<T>> {
  const contentType = response.headers.get("content-type") ?? "";
  let body: unknown;
  // NDJSON (FHIR bulk export files) is many JSON texts, read as text.
  const ndjson = contentType.includes("ndjson");
  if (contentType.includes("json") && !ndjson) {
    const text = await response.text();
    body = text ? JSON.parse(text) : text;
  } else if (contentType.startsWith("text/") || !contentType || ndjson) {
    body = await response.text();
  } else {
    body = new Uint8Array(await response.arrayBuffer());
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

export function apiClient(origin: string) {
  async function call<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers["content-type"] ??= "application/json";
      payload = typeof body === "string" ? body : JSON.stringify(body);
    }
    const response = await fetch(`${origin}/api${path}`, { method, headers, body: payload, redirect: options.redirect ?? "follow" });
    return options.unchecked ? read<T>(response) : checked<T>(origin, method, path, response);
  }
  return {
    get: <T = any>(path: string, options?: RequestOptions) => call<T>("GET", path, undefined, options),
    post: <T = any>(path: string, body?: unknown, options?: RequestOptions) => call<T>("POST", path, body, options),
    patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) => call<T>("PATCH", path, body, options),
    request: call,
  };
}
