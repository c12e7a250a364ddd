// Clients that speak as a given client address: the test servers trust X-Forwarded-For from
// loopback (TRUST_PROXY=loopback), as a deployment trusts its load balancer.
import { randomInt } from "node:crypto";
import { apiClient, type RequestOptions } from "./http.ts";

/** A random documentation-range address (RFC 5737), unique enough per test run. */
export const newAddress = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;

/** An API client whose requests say they come from `address` (through a trusted proxy). */
export function clientAt(origin: string, address: string, token?: string) {
  const api = apiClient(origin);
  const with_ = (options: RequestOptions = {}): RequestOptions => ({
    ...options,
    token: options.token ?? token,
    headers: { "x-forwarded-for": address, ...options.headers },
  });
  return {
    address,
    get: (path: string, options?: RequestOptions) => api.get(path, with_(options)),
    post: (path: string, body?: unknown, options?: RequestOptions) => api.post(path, body, with_(options)),
  };
}
