// Server-side calls from the web app to its own API over loopback: the same-origin proxy and
// the pages' server rendering both go through the real routes (guards, validation, errors).
import { headers as requestHeaders } from "next/headers";
import { getLocale } from "next-intl/server";
import { env, listenHost } from "@/lib/env";
import { onBehalfOf } from "@/lib/http/client-address";
import { anonymousHeaders, currentCredentials } from "@/lib/web/auth";
import { jsonCall, type JsonResult } from "@/lib/web/json-call";

/**
 * Where this process's API listens: loopback on PORT (the custom server listens there), or,
 * when the port is chosen at start (PORT=0, tests), the host the request arrived on.
 */
export function apiOrigin(requestHost: string | null): string {
  const config = env();
  const { PORT } = config;
  if (PORT > 0) {
    const hostname = listenHost(config);
    const anyInterface = ["0.0.0.0", "::", "localhost"].includes(hostname);
    const host = anyInterface ? "127.0.0.1" : hostname.includes(":") ? `[${hostname}]` : hostname;
    return `http://${host}:${PORT}`;
  }
  if (!requestHost) throw new Error("the API origin is unknown: set PORT");
  return `http://${requestHost}`;
}

/** The caller's API headers: the signed-in person's, or anonymous. */
export async function apiHeaders(): Promise<Record<string, string>> {
  return (await currentCredentials())?.headers ?? anonymousHeaders();
}

/** Calls `/api<path>` as the signed-in person (or anonymously) and parses the JSON answer. */
export async function callApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<JsonResult<T>> {
  const incoming = await requestHeaders();
  // The API's limits and audit trail see the browser's address, not this server's loopback one.
  // The page's language, so words the API writes (goals, summaries) match the page's.
  const headers = { ...(await apiHeaders()), ...onBehalfOf(incoming), "accept-language": await getLocale() };
  return jsonCall<T>(`${apiOrigin(incoming.get("host"))}/api${path}`, { ...init, headers }, (text) => ({ error: text }));
}
