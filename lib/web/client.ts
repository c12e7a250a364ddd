// Browser calls to the API, always through the same-origin proxy (the session stays server-side).
import { jsonCall, type JsonResult } from "@/lib/web/json-call";

/** Calls /api/proxy<path> and parses the JSON answer; network failures become status 0. */
export async function proxy<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<JsonResult<T>> {
  try {
    return await jsonCall<T>(`/api/proxy${path}`, { ...init, headers: {} }, (_, status) => ({ error: `Unexpected answer (${status})` }));
  } catch {
    return { status: 0, ok: false, data: { error: "The service could not be reached. Check your connection and try again." } as T };
  }
}

export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
