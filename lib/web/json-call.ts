// One JSON call over fetch, for the browser (lib/web/client.ts) and the server's pages
// (lib/web/api.ts): no imports, so either side can use it.

export interface JsonResult<T> {
  status: number;
  ok: boolean;
  data: T;
}

/**
 * Sends `init.body` as JSON (none when undefined) and reads the JSON answer: null when the
 * answer is empty, `unparsable(text, status)` when it is not JSON.
 */
export async function jsonCall<T>(
  url: string,
  init: { method?: string; body?: unknown; headers: Record<string, string> },
  unparsable: (text: string, status: number) => unknown,
): Promise<JsonResult<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
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
    data = unparsable(text, response.status);
  }
  return { status: response.status, ok: response.ok, data: data as T };
}
