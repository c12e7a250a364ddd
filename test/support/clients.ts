// Clients that speak as a given client address: the test servers trust X-Forwarded-For from
// loopback (TRUST_PROXY=loopback), as a deployment trusts its load balancer.
import { randomInt } from "node:crypto";
import { apiClient, type RequestOptions } from "./http.ts";

/** A random documentation-range address (RFC 5737), unique enough per test run. */
export const newAddress = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;

const hextet = () => randomInt(0x10000).toString(16);

/** A random IPv6 /48 of the documentation range (RFC 3849), as its first three hextets ("2001:db8:1f2a"). */
export const newSite = () => `2001:db8:${hextet()}`;

/** A random /64 in `site` (a fresh /48 by default), as its first four hextets. */
export const newNetwork = (site = newSite()) => `${site}:${hextet()}`;

/** A random address in the /64 `network`: its low 64 bits rotated, as one IPv6 host can. */
export const addressIn = (network: string) => `${network}:${[0, 0, 0, 0].map(hextet).join(":")}`;

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
