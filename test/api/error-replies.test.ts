// Every /api error leaves through one path (errorReply): JSON { error, code?, field? } with the
// status, x-request-id and cache-control: no-store. Checked over every route of the API
// reference (a method it lacks, and its guard or its body type), and on the answers made outside
// the route wrapper: the router's 404 and 426, the server's 400 for a broken URL, the proxy's
// refusals and the voice handshake's. FHIR routes answer their wrapper's errors as FHIR's
// OperationOutcome (application/fhir+json), with the same status and headers.
// Own server: an identity provider that cannot be reached.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { allEndpoints } from "@/lib/openapi/catalog";
import { checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";
import { handshakeStatus } from "@/test/support/voice";

let server: TestServer;

before(async () => {
  // An identity provider is configured (unreachable: guarded routes answer 401 before asking it).
  server = await startServer({
    env: { AUTH0_DOMAIN: "127.0.0.1:1", AUTH0_AUDIENCE: "https://api.test", AUTH0_ISSUER_BASE_URL: "http://127.0.0.1:1/" },
  });
});
after(() => server?.stop());

const FHIR = /^\/fhir\//;

/**
 * Asserts the error reply's shape; an answer of a documented operation (`documented`: its method
 * and concrete path) is also checked against the served API reference.
 */
async function assertErrorReply(
  response: Response,
  status: number,
  where: string,
  documented?: { method: string; path: string },
): Promise<Record<string, unknown>> {
  assert.equal(response.status, status, where);
  assert.match(response.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/, `${where}: x-request-id`);
  assert.equal(response.headers.get("cache-control"), "no-store", `${where}: cache-control`);
  const body = (
    documented ? (await checked(server.origin, documented.method, documented.path, response)).body : await response.json()
  ) as Record<string, unknown>;
  const contentType = response.headers.get("content-type") ?? "";
  // FHIR's own error resource, where a FHIR route's wrapper answers (the FHIR specification asks for it).
  if (contentType.startsWith("application/fhir+json")) {
    assert.ok(FHIR.test(where.split(" ")[1] ?? ""), `${where}: only FHIR routes answer OperationOutcome`);
    assert.equal(body.resourceType, "OperationOutcome", where);
    return body;
  }
  assert.match(contentType, /^application\/json/, `${where}: content-type`);
  assert.equal(typeof body.error, "string", `${where}: { error }`);
  assert.ok(
    Object.keys(body).every((key) => ["error", "code", "field"].includes(key)),
    `${where}: only error, code, field`,
  );
  return body;
}

/** A concrete URL for a documented path: every {param} filled with something well-formed. */
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "code" || name === "id" ? "ABC234" : "x"));

const byPath = new Map<string, Set<string>>();
for (const endpoint of allEndpoints) {
  if (endpoint.upgrade) continue;
  byPath.set(endpoint.path, (byPath.get(endpoint.path) ?? new Set()).add(endpoint.method));
}

test("every route: a method it lacks is a 405 error reply with Allow", async () => {
  for (const [path, methods] of byPath) {
    const missing = ["GET", "POST", "PUT", "PATCH", "DELETE"].find((method) => !methods.has(method))!;
    const where = `${missing} ${path}`;
    // contract: a method the path lacks is no documented operation; the error reply's shape is checked
    const response = await fetch(`${server.origin}/api${concrete(path)}`, { method: missing });
    await assertErrorReply(response, 405, where);
    const allow = response.headers.get("allow") ?? "";
    for (const method of methods) assert.ok(allow.includes(method), `${where}: Allow names ${method}`);
  }
});

test("every guarded route without a token, and every JSON route with a text body: an error reply", async () => {
  for (const endpoint of allEndpoints) {
    if (endpoint.upgrade) continue;
    const path = concrete(endpoint.path);
    const url = `${server.origin}/api${path}`;
    const where = `${endpoint.method} ${endpoint.path}`;
    const documented = { method: endpoint.method, path };
    if (endpoint.auth === "required" || typeof endpoint.auth === "object") {
      await assertErrorReply(await fetch(url, { method: endpoint.method }), 401, where, documented);
    } else if (endpoint.body) {
      await assertErrorReply(
        await fetch(url, { method: endpoint.method, headers: { "content-type": "text/plain" }, body: "{}" }),
        415,
        where,
        documented,
      );
    }
  }
});

test("the router's 404 and the server's 400 for a broken URL are error replies", async () => {
  await assertErrorReply(await fetch(`${server.origin}/api/no/such/endpoint`), 404, "GET /no/such/endpoint");
  await assertErrorReply(await fetch(`${server.origin}/api/lookup/%E0%A4%A`), 400, "GET /lookup/%E0%A4%A", {
    method: "GET",
    path: "/lookup/%E0%A4%A",
  });
});

test("a plain GET on the voice socket's path is 426 Upgrade Required", async () => {
  const response = await fetch(`${server.origin}/api/ai/ws`);
  await assertErrorReply(response, 426, "GET /ai/ws", { method: "GET", path: "/ai/ws" });
  assert.equal(response.headers.get("upgrade"), "websocket");
});

test("the proxy's own refusals are error replies", async () => {
  await assertErrorReply(await fetch(`${server.origin}/api/proxy/auth/session`), 404, "GET /proxy/auth/session");
  const crossSite = await fetch(`${server.origin}/api/proxy/leads/developer`, {
    method: "POST",
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    body: "{}",
  });
  await assertErrorReply(crossSite, 403, "POST /proxy/leads/developer");
});

test("a refused voice handshake is an error reply", async () => {
  const url = `${server.origin.replace("http", "ws")}/api/ai/ws`;
  assert.equal(await handshakeStatus(url, { origin: "https://evil.example" }), 403);
  const raw = await new Promise<string>((resolve) => {
    import("node:net").then(({ connect }) => {
      const socket = connect(Number(new URL(server.origin).port), "127.0.0.1", () => {
        socket.write(
          "GET /api/ai/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nOrigin: https://evil.example\r\n" +
            "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        );
      });
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("close", () => resolve(text));
    });
  });
  const [head, body] = raw.split("\r\n\r\n");
  assert.match(head!, /^HTTP\/1\.1 403/);
  assert.match(head!, /\r\nx-request-id: [0-9a-f-]{36}/i);
  assert.match(head!, /\r\ncache-control: no-store/i);
  assert.equal(typeof JSON.parse(body!).error, "string");
});
