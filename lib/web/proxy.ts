// The same-origin proxy: browser code calls /api/proxy/<path>; this forwards method, query and
// body to /api/<path> with the credentials of the server-side session, and streams the answer
// (JSON or binary such as the PDF) back. The browser never sees an access token.
import { logger } from "@/lib/log";
import { apiHeaders, apiOrigin } from "@/lib/web/api";

/** Request headers passed on to the API; everything else (cookies above all) stays behind. */
const REQUEST_HEADERS = ["accept", "accept-language", "content-type", "content-length", "x-request-id"];
/** Response headers passed back to the browser. */
const RESPONSE_HEADERS = ["content-type", "content-length", "content-disposition", "cache-control", "retry-after", "x-request-id"];
/** API areas the proxy does not reach: itself and the sign-in routes. */
const CLOSED = new Set(["proxy", "auth"]);

function json(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { "cache-control": "no-store" } });
}

export async function forward(request: Request, segments: string[]): Promise<Response> {
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
  const client = request.headers.get("x-forwarded-for");
  if (client) headers.set("x-forwarded-for", client);
  for (const [name, value] of Object.entries(await apiHeaders())) headers.set(name, value);

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
