// Serves the REST surface's route handlers straight from server.ts, without Next's router.
//
// Why: profiling GET /api/lookup/:code (one SQL statement) showed Next's per-request machinery
// (router, tracing spans, AsyncLocalStorage, Web-stream piping, compression) costing about
// 1.4 ms of CPU per request, twice the whole rest of the work; served here the same route
// handler costs 0.76 ms instead of 2.14 ms. docs/performance.md has the figures.
//
// Nor does it make Web objects: it calls the handler's `answer` with Node's request (headers,
// query and body read from `req`) and writes the JSON answer to Node's response; the exported
// Web handler, which Next calls in development, calls the same `answer` (lib/http/route.ts).
// Converting to and from Web Request/Response was an eighth of a lookup's CPU.
//
// The rules that follow (checked by test/api/route-files.test.ts):
// - A route file under app/api exports only handlers made by `handle()` (lib/http/route.ts),
//   one per method of its contract, and nothing else: no segment config, no middleware, nothing
//   from next/*. Such handlers are plain Web `(Request, { params }) => Response` functions that
//   carry their `answer` for this router.
// - The files of NEXT_SERVED below are the exceptions: Next serves them (sessions, cookies).
// Here every /api answer goes through the same error path (errorReply): an unknown path is a
// JSON 404, a method the route lacks a JSON 405 with Allow, HEAD is GET without its body,
// OPTIONS lists the methods, a plain GET on the voice socket's path is 426. Trailing slashes
// and pages still go to Next. In development (`--dev`) Next serves every route file itself, so
// edits reload; the rules keep both paths alike.
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, sep } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { ApiError, errorReply } from "@/lib/api/errors";
import { isPlainHandler, readBody, toWebResponse, type Answer, type Incoming, type RouteHandler } from "@/lib/http/route";
import { logger } from "@/lib/log";

/**
 * Route files Next serves, not this router: next-auth's handler and the same-origin proxy read
 * the browser session (cookies) through Next.
 */
export const NEXT_SERVED = ["auth/[...nextauth]/route.ts", "proxy/[...path]/route.ts"];

/** The voice WebSocket's path: server.ts hands its upgrades to lib/voice; plain HTTP there is a 426. */
export const VOICE_SOCKET_PATH = "/api/ai/ws";

type Segment = { kind: "static"; value: string } | { kind: "param"; name: string } | { kind: "catchAll"; name: string; optional: boolean };
type Params = Record<string, string | string[]>;

export interface Route {
  segments: Segment[];
  file: string;
  /** Served by Next (NEXT_SERVED). */
  next: boolean;
  module?: Promise<Record<string, unknown>>;
  /** The module's handlers by method and its Allow header, read once it loaded. */
  methods?: { handlers: Map<string, RouteHandler>; allow: string };
}

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Folder name → segment, with Next's conventions: [id], [...path], [[...path]]; (group) folders add nothing. */
function segmentOf(folder: string): Segment | null {
  if (folder.startsWith("(") && folder.endsWith(")")) return null;
  const optionalCatchAll = /^\[\[\.\.\.(\w+)\]\]$/.exec(folder);
  if (optionalCatchAll) return { kind: "catchAll", name: optionalCatchAll[1]!, optional: true };
  const catchAll = /^\[\.\.\.(\w+)\]$/.exec(folder);
  if (catchAll) return { kind: "catchAll", name: catchAll[1]!, optional: false };
  const param = /^\[(\w+)\]$/.exec(folder);
  if (param) return { kind: "param", name: param[1]! };
  return { kind: "static", value: folder };
}

const RANK = { static: 0, param: 1, catchAll: 2 } as const;

/** Next's precedence: at the first segment where two routes differ, static beats [param] beats [...catchAll]. */
function bySpecificity(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const difference = RANK[a.segments[i]!.kind] - RANK[b.segments[i]!.kind];
    if (difference !== 0) return difference;
  }
  return b.segments.length - a.segments.length;
}

/** Matches decoded path segments (after /api) against a route; its params, or null. */
function match(route: Route, parts: string[]): Params | null {
  const params: Params = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.kind === "catchAll") {
      const rest = parts.slice(i);
      if (rest.length === 0 && !segment.optional) return null;
      if (rest.length > 0) params[segment.name] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === "static" && segment.value !== part) return null;
    if (segment.kind === "param") params[segment.name] = part;
  }
  return parts.length === route.segments.length ? params : null;
}

/** Request path → decoded segments after /api, or null when Next should see it as is. */
export function apiSegments(url: string): string[] | null {
  const path = url.split("?", 1)[0]!;
  if (!path.startsWith("/api/")) return null;
  const parts = path.slice("/api/".length).split("/");
  if (parts.some((part) => part === "")) return null; // "//" or a trailing slash: Next normalises or redirects
  try {
    return parts.map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

const HOST = /^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/** The Web request a handler sees; its URL names the Host the client used when that is well-formed. */
function toRequest(req: IncomingMessage, fallbackOrigin: () => string, withBody: boolean): Request {
  const host = req.headers.host;
  const origin = host && HOST.test(host) ? `http://${host}` : fallbackOrigin();
  const headers = req.headers as Record<string, string>;
  const method = req.method ?? "GET";
  const hasBody = withBody && METHODS_WITH_BODY.has(method);
  return new Request(origin + req.url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

const headerValue = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;

/**
 * Node's request as handle() reads it: headers, query and body straight from `req`. The Web
 * Request is made only for a handler that asks for it (without the body once handle() read it).
 */
function nodeIncoming(req: IncomingMessage, fallbackOrigin: () => string): Incoming {
  let bodyRead = false;
  let request: Request | undefined;
  return {
    headers: { get: (name) => headerValue(req.headers[name.toLowerCase()]) },
    query() {
      const url = (req.url ?? "").split("#", 1)[0]!;
      const start = url.indexOf("?");
      return new URLSearchParams(start < 0 ? "" : url.slice(start + 1));
    },
    body(limit) {
      bodyRead = true;
      return readBody(headerValue(req.headers["content-length"]), METHODS_WITH_BODY.has(req.method ?? "GET") ? req : null, limit);
    },
    request: () => (request ??= toRequest(req, fallbackOrigin, !bodyRead)),
  };
}

/** Writes handle()'s answer: its JSON parts straight to Node's response, a Response through send(). */
function write(answer: Answer, req: IncomingMessage, res: ServerResponse, headersOnly: boolean): Promise<void> | void {
  if (headersOnly || answer instanceof Response) return send(toWebResponse(answer), req, res, headersOnly);
  // As in send(): an answer given before the body was read ends the connection.
  if (!req.complete) res.setHeader("connection", "close");
  // With its length, as Node gives a body ended before the headers went (writeHead sends them now).
  if (answer.status !== 204 && answer.status !== 304)
    answer.headers["content-length"] = String(answer.body ? Buffer.byteLength(answer.body) : 0);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
}

/** Writes a Web Response to Node's response (headers only for HEAD). */
export async function send(response: Response, req: IncomingMessage, res: ServerResponse, headersOnly = false): Promise<void> {
  res.statusCode = response.status;
  // An answer given before the request body was read (413, say) ends the connection: the unread
  // rest of the body must not be taken for the next request on it.
  if (!req.complete) res.setHeader("connection", "close");
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body || headersOnly) {
    await response.body?.cancel();
    return void res.end();
  }
  const reader = response.body.getReader();
  let chunk = await reader.read();
  let following = chunk.done ? chunk : await reader.read();
  // Most answers are one chunk (JSON): sent with its length, headers and body in one write.
  if (following.done) return void res.end(chunk.value);
  while (!chunk.done) {
    if (!res.write(chunk.value) && !(await drained(res))) return void (await reader.cancel());
    chunk = following;
    if (!chunk.done) following = await reader.read();
  }
  res.end();
}

/** Waits for the socket to take more; false when the client went away instead. */
function drained(res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (value: boolean) => () => {
      res.off("drain", onDrain).off("close", onClose);
      resolve(value);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    res.on("drain", onDrain).on("close", onClose);
  });
}

const ROUTE_FILE = /(^|[\\/])route\.(ts|mjs)$/;

/**
 * Route files (paths relative to app/api, as readdir gives them: route.ts from source, route.mjs
 * from the compiled server, which holds no NEXT_SERVED files) → routes, most specific first.
 */
export function compileRoutes(apiDir: string, files: string[]): Route[] {
  const sources = files.filter((file) => ROUTE_FILE.test(file));
  const served = new Set(
    sources.map((file) =>
      file
        .split(sep)
        .join("/")
        .replace(/\.mjs$/, ".ts"),
    ),
  );
  const nextServed = NEXT_SERVED.filter((file) => !served.has(file)).map((file) => file.split("/").join(sep));
  return [...sources, ...nextServed]
    .map((file) => ({
      file: join(apiDir, file),
      next: NEXT_SERVED.includes(file.split(sep).join("/")),
      segments: file
        .split(sep)
        .slice(0, -1)
        .map(segmentOf)
        .filter((segment): segment is Segment => segment !== null),
    }))
    .sort(bySpecificity);
}

/** Per first path segment, the routes that can match it, in precedence order; made once per route table. */
const routesByFirstSegment = new WeakMap<Route[], { byFirst: Map<string, Route[]>; rest: Route[] }>();

/** The routes a path opening with `first` can match: those opening with it and those opening with a parameter. */
function candidates(routes: Route[], first: string | undefined): Route[] {
  if (first === undefined) return routes;
  let index = routesByFirstSegment.get(routes);
  if (!index) {
    const opening = (route: Route) => route.segments[0];
    const rest = routes.filter((route) => opening(route)?.kind !== "static");
    const byFirst = new Map<string, Route[]>();
    for (const route of routes) {
      const segment = opening(route);
      if (segment?.kind === "static" && !byFirst.has(segment.value))
        byFirst.set(
          segment.value,
          routes.filter((other) => {
            const start = opening(other);
            return start?.kind !== "static" || start.value === segment.value;
          }),
        );
    }
    routesByFirstSegment.set(routes, (index = { byFirst, rest }));
  }
  return index.byFirst.get(first) ?? index.rest;
}

/** The route and params for decoded segments, or null when no route file matches. */
export function findRoute(routes: Route[], parts: string[]): { route: Route; params: Params } | null {
  for (const route of candidates(routes, parts[0])) {
    const params = match(route, parts);
    if (params) return { route, params };
  }
  return null;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** What a route answers: its handle()-made handlers by method, and the Allow header they make. */
function methodsOf(module: Record<string, unknown>): { handlers: Map<string, RouteHandler>; allow: string } {
  const handlers = new Map<string, RouteHandler>();
  for (const method of METHODS) {
    const handler = module[method];
    if (isPlainHandler(handler)) handlers.set(method, handler);
  }
  const allow = [...handlers.keys(), ...(handlers.has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return { handlers, allow };
}

/** Imports a route's module on its first request and reads its handlers; later requests find them without awaiting. */
async function loadMethods(route: Route): Promise<NonNullable<Route["methods"]>> {
  route.module ??= import(pathToFileURL(route.file).href) as Promise<Record<string, unknown>>;
  return (route.methods ??= methodsOf(await route.module));
}

export interface ApiRouter {
  /** Serves /api requests (Next for NEXT_SERVED routes and anything not under /api/). */
  serve(req: IncomingMessage, res: ServerResponse, fallback: () => void): void;
}

/** Reads the route files under `apiDir` (app/api, or its compiled copy); each module is imported on its first request. */
export function createApiRouter(apiDir: string, origin: () => string): ApiRouter {
  const routes = compileRoutes(apiDir, readdirSync(apiDir, { recursive: true, encoding: "utf8" }));

  async function run(route: Route, params: Params, req: IncomingMessage, res: ServerResponse) {
    const { handlers, allow } = route.methods ?? (await loadMethods(route));
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      res.writeHead(204, { allow, "cache-control": "no-store" });
      return void res.end();
    }
    const handler = handlers.get(method === "HEAD" ? "GET" : method);
    if (!handler) {
      // In the route family's own error format (FHIR paths answer an OperationOutcome).
      const render = handlers.values().next().value?.renderError;
      const error = new ApiError(405, `${method} is not allowed here; allowed: ${allow}`, { headers: { allow } });
      const reply = render ? render(405, error.body(), error.headers) : errorReply(error);
      reply.headers.set("cache-control", "no-store");
      if (!reply.headers.has("x-request-id")) reply.headers.set("x-request-id", randomUUID());
      return send(reply, req, res);
    }
    // Node's door: the handler's answer without a Web Request or Response in between.
    return write(await handler.answer(nodeIncoming(req, origin), params), req, res, method === "HEAD");
  }

  return {
    serve(req, res, fallback) {
      const parts = apiSegments(req.url ?? "/");
      if (!parts) return fallback();
      const found = findRoute(routes, parts);
      if (found?.route.next) return fallback();
      if (!found) {
        const upgradeOnly = `/api/${parts.join("/")}` === VOICE_SOCKET_PATH;
        const error = upgradeOnly
          ? new ApiError(426, "This is the voice WebSocket: connect with an HTTP upgrade to websocket", {
              headers: { upgrade: "websocket", connection: "Upgrade" },
            })
          : new ApiError(404, "No API endpoint at this path (see /api/openapi.json)");
        return void send(errorReply(error), req, res);
      }
      run(found.route, found.params, req, res).catch((error: Error & { code?: string }) => {
        // handle() answers its own errors; this is a route module that failed to load or a broken stream.
        const reply = errorReply(new ApiError(500, "Internal error"));
        logger.error(
          { reqId: reply.headers.get("x-request-id"), err: { type: error.name, code: error.code } },
          "serving an API route failed",
        );
        if (res.headersSent) return void res.destroy();
        void send(reply, req, res);
      });
    },
  };
}
