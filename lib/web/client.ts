// Browser calls to the API, always through the same-origin proxy (the session stays server-side).

export interface ProxyResult<T> {
  status: number;
  ok: boolean;
  data: T;
}

/** Calls /api/proxy<path> and parses the JSON answer; network failures become status 0. */
export async function proxy<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ProxyResult<T>> {
  try {
    const response = await fetch(`/api/proxy${path}`, {
      method: init.method ?? "GET",
      headers:
        init.body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      cache: "no-store",
    });
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = { error: `Unexpected answer (${response.status})` };
    }
    return { status: response.status, ok: response.ok, data: data as T };
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
