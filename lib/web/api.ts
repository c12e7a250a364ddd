// Server-side calls from the web app to its own API over loopback: the same-origin proxy and
// the pages' server rendering both go through the real routes (guards, validation, errors).
import { headers as requestHeaders } from "next/headers";
import { env } from "@/lib/env";
import { anonymousHeaders, currentCredentials } from "@/lib/web/auth";

/**
 * Where this process's API listens: loopback on PORT (the custom server listens there), or,
 * when the port is chosen at start (PORT=0, tests), the host the request arrived on.
 */
export function apiOrigin(requestHost: string | null): string {
  const { PORT, HOSTNAME } = env();
  if (PORT > 0) {
    const anyInterface = ["0.0.0.0", "::", "localhost"].includes(HOSTNAME);
    const host = anyInterface ? "127.0.0.1" : HOSTNAME.includes(":") ? `[${HOSTNAME}]` : HOSTNAME;
    return `http://${host}:${PORT}`;
  }
  if (!requestHost) throw new Error("the API origin is unknown: set PORT");
  return `http://${requestHost}`;
}

/** The caller's API headers: the signed-in person's, or anonymous. */
export async function apiHeaders(): Promise<Record<string, string>> {
  return (await currentCredentials())?.headers ?? anonymousHeaders();
}

export interface ApiResult<T> {
  status: number;
  ok: boolean;
  data: T;
}

/** Calls `/api<path>` as the signed-in person (or anonymously) and parses the JSON answer. */
export async function callApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...(await apiHeaders()) };
  // The API's per-client limits key on the last X-Forwarded-For entry: the browser's address
  // (as Next recorded it), not this server's loopback one.
  const incoming = await requestHeaders();
  const client = incoming.get("x-forwarded-for");
  if (client) headers["x-forwarded-for"] = client;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${apiOrigin(incoming.get("host"))}/api${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    cache: "no-store",
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: text };
  }
  return { status: response.status, ok: response.ok, data: data as T };
}
