// Small JSON client for integration tests. Every response is checked against the API
// reference (test/support/contract.ts) unless a call opts out with `unchecked`.
import { checkAgainstContract } from "./contract.ts";
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Skip the contract check (for deliberately malformed exchanges). */
  unchecked?: boolean;
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
    const response = await fetch(`${origin}/api${path}`, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    const contentType = response.headers.get("content-type") ?? "";
    if (contentType.includes("json") && text) parsed = JSON.parse(text);
    if (!options.unchecked) checkAgainstContract(method, path, response.status, contentType, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
  return {
    get: <T = any>(path: string, options?: RequestOptions) => call<T>("GET", path, undefined, options),
    post: <T = any>(path: string, body?: unknown, options?: RequestOptions) => call<T>("POST", path, body, options),
    patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) => call<T>("PATCH", path, body, options),
    request: call,
  };
}
