// The hot routes answer alike through both doors of a route file: Node's (lib/http/api-router.ts,
// what production serves: no Web Request or Response is made) and the Web one Next calls in
// development (the file's exported handler, given a Request; its Response written back). One
// node:http server in this process stamps the client address as server.ts does, then sends
// /web/... through the Web door and everything else through the router, on a fresh database.
// Runs from source: it imports the route files by path, sharing this file's database connection.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { romBody } from "@/lib/assessments/examples";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

Object.assign(process.env, { RATE_LIMIT: "on", ALLOW_DEV_AUTH: "true", LOG_LEVEL: "warn", TRUST_PROXY: "loopback" });
delete process.env.AUTH0_DOMAIN;
delete process.env.REDIS_URL;

const apiDir = join(process.cwd(), "app", "api");
const files = ["lookup/[code]/route.ts", "assessments/rom/route.ts", "health/route.ts"].map((file) => join(...file.split("/")));

let database: TestDatabase;
let api: typeof import("@/lib/http/api-router");

/** The Web door: the route file's handler as Next calls it, with the whole body in the Request. */
async function webDoor(req: IncomingMessage, origin: string): Promise<Response> {
  const found = api.findRoute(api.compileRoutes(apiDir, files), api.apiSegments(req.url!)!)!;
  const routeModule = (await import(pathToFileURL(found.route.file).href)) as Record<string, unknown>;
  const method = req.method === "HEAD" ? "GET" : req.method!;
  const handler = routeModule[method] as (request: Request, context: { params: Promise<unknown> }) => Promise<Response>;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const request = new Request(origin + req.url, { method: req.method, headers: req.headers as Record<string, string>, body });
  return handler(request, { params: Promise.resolve(found.params) });
}

let server: Server;
let origin: string;

before(async () => {
  // The configuration is read when these load: after the fresh database is in the environment.
  database = await useFreshDatabase();
  api = await import("@/lib/http/api-router");
  const { stampClientAddress } = await import("@/lib/http/client-address");
  const trust = (await import("@/lib/http/trust")).compileTrust("loopback");
  const router = api.createApiRouter(apiDir, () => origin);
  server = createServer((req, res) => {
    stampClientAddress(req, trust);
    if (!req.url!.startsWith("/web/")) return router.serve(req, res, () => res.writeHead(500).end());
    req.url = req.url!.slice("/web".length);
    void webDoor(req, origin).then((response) => api.send(response, req, res, req.method === "HEAD"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise((resolve) => server.close(resolve));
  await dropDatabase(database);
});

/** The headers a client acts on; x-request-id is each request's own, so only its form is compared. */
const HEADERS = ["content-type", "content-length", "cache-control", "retry-after", "allow", "connection"];

interface Seen {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

let clientAddress = 0;
async function call(door: "" | "/web", path: string, init: RequestInit = {}): Promise<Seen> {
  // contract: the two doors' answers are compared with each other, status, headers and body
  const response = await fetch(`${origin}${door}${path}`, {
    ...init,
    // Each call from its own client (through the trusted loopback balancer): no allowance runs out.
    headers: { "x-forwarded-for": `10.9.0.${++clientAddress}`, ...init.headers },
  });
  const text = await response.text();
  const headers = Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)]));
  headers["x-request-id"] = /^[\da-f-]{36}$/.test(response.headers.get("x-request-id") ?? "")
    ? "a UUID"
    : response.headers.get("x-request-id");
  return { status: response.status, headers, body: text === "" ? null : JSON.parse(text) };
}

/** Both doors' answers, with what differs by nature between two requests (ids, codes, counts, times) made alike. */
async function bothDoors(path: string, init: RequestInit = {}, same: (body: Record<string, unknown>) => void = () => {}) {
  const node = await call("", path, init);
  const web = await call("/web", path, init);
  for (const seen of [node, web]) if (seen.body && typeof seen.body === "object") same(seen.body as Record<string, unknown>);
  return { node, web };
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const newRecord = (body: Record<string, unknown>) => {
  for (const key of ["id", "code", "formattedCode"]) if (key in body) body[key] = typeof body[key];
};

describe("Node's door and Next's door answer alike", () => {
  test("POST /api/assessments/rom: created, invalid, not JSON, too large", async () => {
    const cases: [string, RequestInit][] = [
      ["created", json(romBody)],
      ["a field missing", json({ ...romBody, hand: undefined })],
      ["not JSON", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(romBody) }],
      ["broken JSON", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }],
      ["over the body cap", json({ ...romBody, notes: "x".repeat(1024 * 1024) })],
    ];
    for (const [name, init] of cases) {
      const { node, web } = await bothDoors("/api/assessments/rom", init, newRecord);
      assert.deepEqual(node, web, name);
    }
    const { node } = await bothDoors("/api/assessments/rom", json(romBody), newRecord);
    assert.equal(node.status, 201);
  });

  test("GET /api/lookup/{code}: found, unknown, malformed", async () => {
    const created = (await call("", "/api/assessments/rom", json(romBody))).body as { code: string };
    const found = await bothDoors(`/api/lookup/${created.code}`, {}, (body) => (body.viewCount = typeof body.viewCount));
    assert.equal(found.node.status, 200);
    assert.deepEqual(found.node, found.web);
    for (const path of ["/api/lookup/ZZZZZZ", "/api/lookup/not-a-code!"]) {
      const { node, web } = await bothDoors(path);
      assert.ok(node.status >= 400, path);
      assert.deepEqual(node, web, path);
    }
  });

  test("GET and HEAD /api/health", async () => {
    const get = await bothDoors("/api/health", {}, (body) => (body.timestamp = typeof body.timestamp));
    assert.equal(get.node.status, 200);
    assert.deepEqual(get.node, get.web);
    const head = await bothDoors("/api/health", { method: "HEAD" });
    assert.deepEqual(head.node, head.web);
  });
});
