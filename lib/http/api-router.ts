// Serves the REST surface's route handlers straight from server.ts, without Next's router.
//
// Why: profiling GET /api/lookup/:code (one SQL statement) showed Next's per-request machinery
// (router, tracing spans, AsyncLocalStorage, Web-stream piping, compression) costing about
// 1.4 ms of CPU per request, twice the whole rest of the work; served here the same route
// handler costs 0.76 ms instead of 2.14 ms. The README's performance section has the figures.
//
// Only handlers made by `handle()` (lib/api/route.ts) are served here: they are plain Web
// `(Request, { params }) => Response` functions that use nothing of Next. Everything else falls
// through to Next unchanged: pages, next-auth, the same-origin proxy, other route files, a method
// a route lacks (Next's 405, HEAD and OPTIONS), trailing-slash redirects. An /api path no route
// file matches is a JSON 404 here.
// The route files stay valid Next route handlers, so `next start` serves the same API.
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, sep } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { isPlainHandler } from "@/lib/api/route";
import { logger } from "@/lib/log";

type Segment = { kind: "static"; value: string } | { kind: "param"; name: string } | { kind: "catchAll"; name: string; optional: boolean };
type Params = Record<string, string | string[]>;
type RouteHandler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

interface Route {
  segments: Segment[];
  file: string;
  module?: Promise<Record<string, unknown>>;
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
function apiSegments(url: string): string[] | null {
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
function toRequest(req: IncomingMessage, fallbackOrigin: () => string): Request {
  const host = req.headers.host;
  const origin = host && HOST.test(host) ? `http://${host}` : fallbackOrigin();
  const headers = { ...req.headers } as Record<string, string>;
  // As Next does: without a proxy in front, the socket's address is the client's.
  headers["x-forwarded-for"] ??= req.socket.remoteAddress ?? "";
  const method = req.method ?? "GET";
  const hasBody = METHODS_WITH_BODY.has(method);
  return new Request(origin + req.url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function send(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  // An answer given before the request body was read (413, say) ends the connection: the unread
  // rest of the body must not be taken for the next request on it.
  if (!req.complete) res.setHeader("connection", "close");
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) return void res.end();
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

export interface ApiRouter {
  /** Serves the request when a handle() route matches it, answers 404 when no route file does; otherwise calls `fallback` (Next). */
  serve(req: IncomingMessage, res: ServerResponse, fallback: () => void): void;
}

/** Reads the route files under `apiDir` (app/api); each module is imported on its first request. */
export function createApiRouter(apiDir: string, origin: () => string): ApiRouter {
  const routes: Route[] = readdirSync(apiDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file === "route.ts" || file.endsWith(`${sep}route.ts`))
    .map((file) => ({
      file: join(apiDir, file),
      segments: file
        .split(sep)
        .slice(0, -1)
        .map(segmentOf)
        .filter((segment): segment is Segment => segment !== null),
    }))
    .sort(bySpecificity);

  async function run(route: Route, params: Params, req: IncomingMessage, res: ServerResponse, fallback: () => void) {
    route.module ??= import(pathToFileURL(route.file).href) as Promise<Record<string, unknown>>;
    const handler = (await route.module)[req.method ?? "GET"];
    if (!isPlainHandler(handler)) return fallback();
    const response = await (handler as RouteHandler)(toRequest(req, origin), { params: Promise.resolve(params) });
    await send(response, req, res);
  }

  return {
    serve(req, res, fallback) {
      const parts = apiSegments(req.url ?? "/");
      if (!parts) return fallback();
      for (const route of routes) {
        const params = match(route, parts);
        if (!params) continue;
        run(route, params, req, res, fallback).catch((error: Error & { code?: string }) => {
          // handle() answers its own errors; this is a route module that failed to load or a broken stream.
          logger.error({ err: { type: error.name, code: error.code } }, "serving an API route failed");
          if (res.headersSent) return void res.destroy();
          res.writeHead(500, { "content-type": "application/json", "cache-control": "no-store" });
          res.end(JSON.stringify({ error: "Internal error" }));
        });
        return;
      }
      // Every /api path is a route file's; Next would answer this one with its HTML 404 page.
      res.writeHead(404, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ error: "No API endpoint at this path (see /api/openapi.json)" }));
    },
  };
}
