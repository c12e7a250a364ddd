// The same-origin proxy: browser code calls /api/proxy/<path>; this forwards method, query and
// body to /api/<path> with the credentials of the server-side session, and streams the answer
// (JSON or binary such as the PDF) back. The browser never sees an access token.
//
// The session is a cookie, which a browser also sends with requests other sites make: a write
// through the proxy must come from this site's own pages (Origin / Sec-Fetch-Site), or any page
// on the web could act as the signed-in person (cross-site request forgery).
import { ApiError, errorReply } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { onBehalfOf } from "@/lib/http/client-address";
import { isLocale } from "@/lib/i18n/locales";
import { logger } from "@/lib/log";
import { apiHeaders, apiOrigin } from "@/lib/web/api";

/** Request headers passed on to the API; everything else (cookies above all) stays behind. */
const REQUEST_HEADERS = ["accept", "accept-language", "content-type", "content-length", "x-request-id", "idempotency-key"];
/** Response headers passed back to the browser. */
const RESPONSE_HEADERS = ["content-type", "content-length", "content-disposition", "cache-control", "retry-after", "x-request-id"];
/** API areas the proxy does not reach: itself and the sign-in routes. */
const CLOSED = new Set(["proxy", "auth"]);

const json = (status: number, error: string) => errorReply(new ApiError(status, error));

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A write a browser sent from another site (or a sandboxed/opaque origin); requests with neither header are not from a browser. */
export function isCrossSite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  try {
    const { host } = new URL(origin);
    return host !== request.headers.get("host") && origin !== new URL(env().FRONTEND_URL).origin;
  } catch {
    return true; // "null" and other opaque origins
  }
}

export async function forward(request: Request, segments: string[]): Promise<Response> {
  if (isCrossSite(request))
    return json(403, "Cross-site request refused: writes through the proxy must come from this site's pages (Origin)");
  if (segments.length === 0 || CLOSED.has(segments[0]!) || segments.some((s) => s === "." || s === ".." || s === "" || /[\\/]/.test(s))) {
    return json(404, "Not found");
  }
  const incoming = new URL(request.url);
  const target = `${apiOrigin(request.headers.get("host"))}/api/${segments.map(encodeURIComponent).join("/")}${incoming.search}`;

  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  for (const [name, value] of Object.entries({ ...(await apiHeaders()), ...onBehalfOf(request.headers) })) headers.set(name, value);
  // The language the reader chose with the switcher (a cookie, which stays behind) reaches the API
  // as Accept-Language: e-mails and PDFs it makes speak it.
  const chosen = /(?:^|;\s*)locale=([^;]*)/.exec(request.headers.get("cookie") ?? "")?.[1];
  if (isLocale(chosen)) headers.set("accept-language", chosen);

  const hasBody = !["GET", "HEAD"].includes(request.method) && request.body !== null;
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      cache: "no-store",
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch (error) {
    logger.error({ err: (error as Error).name, route: "/api/proxy" }, "proxy: the API could not be reached");
    return json(502, "The API could not be reached");
  }

  const responseHeaders = new Headers();
  for (const name of RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  if (!responseHeaders.has("cache-control")) responseHeaders.set("cache-control", "no-store");
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}
