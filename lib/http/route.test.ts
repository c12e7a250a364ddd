// The route wrapper in-process, on routes that need no database: status and headers, parsing
// of path, query and body, the body cap, error mapping, the per-request limits and the log line.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { z } from "zod";
import type { EndpointResponse, Guard } from "@/lib/api/endpoint";
import type { LimitKind } from "@/lib/api/limits";

Object.assign(process.env, {
  RATE_LIMIT: "on",
  RATE_LIMIT_PER_MINUTE: "100",
  RATE_LIMIT_MISSES_PER_HOUR: "2",
  RATE_LIMIT_WRITES_PER_MINUTE: "1",
  RATE_LIMIT_AI_PER_MINUTE: "1",
  RATE_LIMIT_COMPUTE_PER_MINUTE: "1",
  RATE_LIMIT_PDF_PER_MINUTE: "1",
  BULK_EXPORT_KICKOFFS_PER_DAY: "1",
  BULK_EXPORT_DOWNLOADS_PER_HOUR: "1",
  PATIENT_REPORTS_PER_DAY: "1",
});
delete process.env.REDIS_URL;
delete process.env.AUTH0_DOMAIN;

const { handle, Reply, MAX_JSON_DEPTH, DEFAULT_MAX_BODY_BYTES, isPlainHandler } = await import("@/lib/http/route");
const { ApiError } = await import("@/lib/api/errors");
const { logger } = await import("@/lib/log");

interface Options {
  path?: string;
  method?: "GET" | "POST";
  auth?: Guard;
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodObject;
  body?: z.ZodType;
  rawBody?: boolean;
  maxBodyBytes?: number;
  limits?: LimitKind[];
  responses?: readonly EndpointResponse[];
}

function contract(options: Options = {}) {
  return {
    method: options.method ?? "POST",
    path: options.path ?? "/things/{id}",
    summary: "A test route",
    tag: "Test",
    auth: options.auth ?? "none",
    params: options.params,
    query: options.query,
    headers: options.headers,
    body: options.body,
    rawBody: options.rawBody,
    maxBodyBytes: options.maxBodyBytes,
    limits: options.limits,
    responses: options.responses ?? [{ status: 200, description: "OK" }],
  } as const;
}

type Handler = Parameters<typeof handle>[1];

function call(
  options: Options,
  handler: Handler,
  init: { body?: string; headers?: Record<string, string>; url?: string; params?: Record<string, string> } = {},
  extra: Parameters<typeof handle>[2] = {},
): Promise<Response> {
  const route = handle(contract(options) as never, handler as never, extra);
  const request = new Request(init.url ?? "http://localhost/api/things/7", {
    method: options.method ?? "POST",
    headers: init.body === undefined ? init.headers : { "content-type": "application/json", ...init.headers },
    body: init.body,
  });
  return route(request, { params: Promise.resolve(init.params ?? { id: "7" }) });
}

const echoBody: Handler = async ({ body }) => ({ received: body }) as never;
const objectBody = z.object({ name: z.string(), nested: z.object({ count: z.number() }).optional() }).strict();
const anyBody = z.unknown();

async function errorOf(response: Response): Promise<{ status: number; error: string; code?: string; field?: string }> {
  return { status: response.status, ...((await response.json()) as { error: string }) };
}

describe("success answers", () => {
  test("the contract's first status, a fresh request id, no-store, and the handler sees the route pattern", async () => {
    let seen: { requestId: string; route: string; clientRequestId: string | null; address: string; limitKey: string } | undefined;
    const response = await call(
      { responses: [{ status: 201, description: "Created" }] },
      async ({ requestId, route, caller }) => {
        seen = { requestId, route, clientRequestId: caller.clientRequestId, address: caller.address, limitKey: caller.limits.key };
        return { ok: true } as never;
      },
      { headers: { "x-request-id": "client-id.1:2_3", "x-hand-client-address": "10.9.0.1" } },
    );
    assert.equal(response.status, 201);
    assert.deepEqual(await response.json(), { ok: true });
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.match(response.headers.get("x-request-id")!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(seen, {
      requestId: response.headers.get("x-request-id"),
      route: "/api/things/{id}",
      clientRequestId: "client-id.1:2_3",
      address: "10.9.0.1",
      limitKey: "client:10.9.0.1",
    });
  });

  test("a client's request id is kept only when well-formed (1-128 of letters, digits, . : _ -)", async () => {
    const ids: (string | null)[] = [];
    const handler: Handler = async ({ caller }) => {
      ids.push(caller.clientRequestId);
      return {} as never;
    };
    for (const id of ["a b", "x".repeat(129), "x".repeat(128), "", "a/b", "ok-1"])
      await call({}, handler, { headers: { "x-request-id": id } });
    await call({}, handler);
    assert.deepEqual(ids, [null, null, "x".repeat(128), null, null, "ok-1", null]);
  });

  test("a handler's own cache-control is kept", async () => {
    const response = await call({}, async () => Response.json({}, { headers: { "cache-control": "private, max-age=60" } }));
    assert.equal(response.headers.get("cache-control"), "private, max-age=60");
    assert.ok(response.headers.get("x-request-id"));
  });

  test("Reply: another status with headers; 204 or no data gives an empty body", async () => {
    const created = await call({}, async () => new Reply(202, { queued: true }, { location: "/api/things/8" }));
    assert.equal(created.status, 202);
    assert.equal(created.headers.get("location"), "/api/things/8");
    assert.deepEqual(await created.json(), { queued: true });
    const noContent = await call({}, async () => new Reply(204, { ignored: true }, { "x-extra": "1" }));
    assert.equal(noContent.status, 204);
    assert.equal(noContent.headers.get("x-extra"), "1");
    assert.equal(await noContent.text(), "");
    const empty = await call({}, async () => new Reply(200, undefined));
    assert.equal(empty.status, 200);
    assert.equal(await empty.text(), "");
    assert.equal(new Reply(200, null).headers.constructor, Object);
    assert.deepEqual(new Reply(200, null).headers, {});
  });

  test("an undefined result or a 204 contract answers with an empty body", async () => {
    const empty = await call({}, async () => undefined as never);
    assert.equal(empty.status, 200);
    assert.equal(await empty.text(), "");
    const noContent = await call({ responses: [{ status: 204, description: "Done" }] }, async () => ({ ignored: true }) as never);
    assert.equal(noContent.status, 204);
    assert.equal(await noContent.text(), "");
    const defaulted = await call({ responses: [] }, async () => ({ a: 1 }) as never);
    assert.equal(defaulted.status, 200);
    assert.deepEqual(await defaulted.json(), { a: 1 });
  });

  test("handle() marks its handlers and carries the contract", () => {
    const route = handle(contract() as never, (async () => ({})) as never);
    assert.equal(isPlainHandler(route), true);
    assert.equal(route.endpoint.path, "/things/{id}");
    assert.equal(
      isPlainHandler(async () => new Response()),
      false,
    );
    assert.equal(isPlainHandler({}), false);
  });
});

describe("parsing", () => {
  test("path and query parameters are parsed by the contract's schemas", async () => {
    let seen: unknown;
    const response = await call(
      { method: "GET", params: z.object({ id: z.coerce.number().int() }), query: z.object({ limit: z.coerce.number().default(5) }) },
      async ({ params, query, rawBody, body }) => {
        seen = { params, query, rawBody, body };
        return {} as never;
      },
      { url: "http://localhost/api/things/7?limit=9" },
    );
    assert.equal(response.status, 200);
    assert.deepEqual(seen, { params: { id: 7 }, query: { limit: 9 }, rawBody: "", body: undefined });
  });

  test("a bad path parameter names its field", async () => {
    const response = await call({ method: "GET", params: z.object({ id: z.coerce.number().int() }) }, async () => ({}) as never, {
      params: { id: "abc" },
    });
    const error = await errorOf(response);
    assert.equal(error.status, 400);
    assert.equal(error.field, "id");
    assert.match(error.error, /^id: /);
  });

  test("a missing field is 'is required', an unknown one is named, a wrong type keeps zod's message", async () => {
    const body = objectBody;
    const missing = await errorOf(await call({ body }, echoBody, { body: "{}" }));
    assert.deepEqual(missing, { status: 400, error: "name: is required", field: "name" });
    const unknown = await errorOf(await call({ body }, echoBody, { body: '{"name":"a","extra":1,"more":2}' }));
    assert.deepEqual(unknown, { status: 400, error: "extra: unknown field(s) extra, more", field: "extra" });
    const wrongType = await errorOf(await call({ body }, echoBody, { body: '{"name":5}' }));
    assert.equal(wrongType.field, "name");
    assert.match(wrongType.error, /^name: Invalid input: expected string, received number$/);
    const deep = await errorOf(await call({ body }, echoBody, { body: '{"name":"a","nested":{"count":"x"}}' }));
    assert.equal(deep.field, "nested.count");
    const notObject = await errorOf(await call({ body }, echoBody, { body: "[1]" }));
    assert.equal(notObject.field, undefined);
    assert.match(notObject.error, /^Invalid body: /);
    const badQuery = await errorOf(
      await call({ method: "GET", query: z.object({ limit: z.coerce.number() }).strict() }, async () => ({}) as never, {
        url: "http://localhost/api/things/7?other=1&limit=2",
      }),
    );
    assert.deepEqual(badQuery, { status: 400, error: "other: unknown field(s) other", field: "other" });
  });

  test("an empty or blank body is {}; a body is read only when the contract takes one", async () => {
    for (const text of ["", "  \n"]) {
      const response = await call({ body: anyBody }, echoBody, { body: text });
      assert.deepEqual(await response.json(), { received: {} });
    }
    let raw: string | undefined;
    await call({}, async ({ rawBody }) => ((raw = rawBody), {}) as never, { body: '{"ignored":true}' });
    assert.equal(raw, "");
  });

  test("a raw-body contract gets the text unparsed, whatever its content type", async () => {
    let seen: unknown;
    const response = await call(
      { rawBody: true },
      async ({ rawBody, body }) => {
        seen = { rawBody, body };
        return {} as never;
      },
      { body: "t=1,v1=abc", headers: { "content-type": "text/plain" } },
    );
    assert.equal(response.status, 200);
    assert.deepEqual(seen, { rawBody: "t=1,v1=abc", body: undefined });
  });

  test("only JSON media types are parsed: others are 415", async () => {
    for (const type of [
      "application/json",
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/fhir+json",
      "application/json ;x=1",
    ]) {
      const response = await call({ body: anyBody }, echoBody, { body: '{"a":1}', headers: { "content-type": type } });
      assert.equal(response.status, 200, type);
    }
    for (const type of [
      "text/plain",
      "application/jsonp",
      "text/json",
      "application/x-www-form-urlencoded",
      "xapplication/json",
      "application/+json",
    ]) {
      const error = await errorOf(await call({ body: anyBody }, echoBody, { body: '{"a":1}', headers: { "content-type": type } }));
      assert.deepEqual(
        error,
        { status: 415, error: "Request body must be JSON: send Content-Type: application/json", code: "UNSUPPORTED_MEDIA_TYPE" },
        type,
      );
    }
    const route = handle(contract({ body: anyBody }) as never, echoBody as never);
    const untyped = await route(new Request("http://localhost/api/things/7", { method: "POST", body: new Blob(['{"a":1}']) }), {
      params: Promise.resolve({ id: "7" }),
    });
    assert.equal(untyped.status, 415);
  });

  test("malformed JSON is 400", async () => {
    const error = await errorOf(await call({ body: anyBody }, echoBody, { body: '{"a":' }));
    assert.deepEqual(error, { status: 400, error: "Request body is not valid JSON" });
  });

  test(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused before parsing; brackets in strings do not count`, async () => {
    assert.equal(MAX_JSON_DEPTH, 32);
    const nested = (depth: number, open = "[", close = "]", inner = "") => open.repeat(depth) + inner + close.repeat(depth);
    assert.equal((await call({ body: anyBody }, echoBody, { body: nested(32) })).status, 200);
    assert.equal((await call({ body: anyBody }, echoBody, { body: `[${nested(31, '{"a":', "}", "1")}]` })).status, 200);
    for (const body of [nested(33), nested(10_000), `{"a":${nested(32)}}`, `[${nested(32, '{"a":', "}", "1")}]`]) {
      const error = await errorOf(await call({ body: anyBody }, echoBody, { body }));
      assert.deepEqual(error, { status: 400, error: "Request body nests deeper than 32 levels" });
    }
    // Siblings do not add up: depth is the deepest path, not the count of brackets.
    const wide = `[${Array.from({ length: 40 }, () => "[]").join(",")}]`;
    assert.equal((await call({ body: anyBody }, echoBody, { body: wide })).status, 200);
    const inString = JSON.stringify({ text: "[".repeat(100), quoted: '\\"[[[[' + "{".repeat(50) });
    const response = await call({ body: anyBody }, echoBody, { body: inString });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { received: JSON.parse(inString) });
    const escapedQuote = `["\\"${"[".repeat(40)}"]`;
    assert.equal((await call({ body: anyBody }, echoBody, { body: escapedQuote })).status, 200);
  });

  test("NUL characters and unpaired surrogates are refused anywhere in the body; paired ones pass", async () => {
    const refused: [string, string | undefined][] = [
      ['{"a":"x\\u0000"}', "a"],
      ['{"a\\u0000":1}', "a"],
      ['[["\\ud800"]]', "0.0"],
      ['{"a":{"b":"\\udc00x"}}', "a.b"],
      ['["\\uDBFF"]', "0"],
      ['{"k":[1,"\\ud83d"]}', "k.1"],
      ['"\\u0000"', undefined],
    ];
    for (const [body, field] of refused) {
      const error = await errorOf(await call({ body: anyBody }, echoBody, { body }));
      const message = "Request body contains a NUL character or an unpaired surrogate";
      assert.deepEqual(error, field === undefined ? { status: 400, error: message } : { status: 400, error: message, field }, body);
    }
    for (const body of ['{"a":"\\ud83d\\ude00"}', '{"a":"\\u0041"}', '{"a":"\\\\u0000"}', '{"a":[null,true,1,"\\ud83d\\ude00"]}']) {
      const response = await call({ body: anyBody }, echoBody, { body });
      assert.equal(response.status, 200, body);
      assert.deepEqual(await response.json(), { received: JSON.parse(body) });
    }
  });
});

describe("the body cap", () => {
  test(`${DEFAULT_MAX_BODY_BYTES} bytes by default; the contract's cap otherwise, counted in bytes`, async () => {
    assert.equal(DEFAULT_MAX_BODY_BYTES, 1024 * 1024);
    const atCap = JSON.stringify({ s: "x".repeat(DEFAULT_MAX_BODY_BYTES - 8) });
    assert.equal(Buffer.byteLength(atCap), DEFAULT_MAX_BODY_BYTES);
    assert.equal((await call({ body: anyBody }, async () => ({}) as never, { body: atCap })).status, 200);
    const over = await errorOf(await call({ body: anyBody }, async () => ({}) as never, { body: atCap + " " }));
    assert.deepEqual(over, { status: 413, error: `Request body exceeds ${DEFAULT_MAX_BODY_BYTES} bytes` });

    const small = { body: anyBody, maxBodyBytes: 12 };
    // Exactly at the cap: accepted, and whole.
    assert.deepEqual(await (await call(small, echoBody, { body: '{"a":"1234"}' })).json(), { received: { a: "1234" } });
    const multiByte = await errorOf(await call(small, echoBody, { body: '{"a":"12é"}' + "  " }));
    assert.deepEqual(multiByte, { status: 413, error: "Request body exceeds 12 bytes" });
  });

  test("a declared length past twice the cap (at least 1 MiB more) is refused unread", async () => {
    const small = { body: anyBody, maxBodyBytes: 10 };
    const drain = 10 + 1024 * 1024;
    const read: string[] = [];
    const stream = (size: number) =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            read.push("chunk");
            controller.enqueue(new Uint8Array(size).fill(32));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
    const route = handle(contract(small) as never, echoBody as never);
    const send = (declared: number, size: number) =>
      route(
        new Request("http://localhost/api/things/7", {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": String(declared) },
          body: stream(size),
          duplex: "half",
        } as RequestInit),
        { params: Promise.resolve({ id: "7" }) },
      );
    const refused = await send(drain + 1, 1);
    assert.equal(refused.status, 413);
    assert.deepEqual(read, [], "the body was not read");
    const drained = await send(drain, 20);
    assert.equal(drained.status, 413);
    assert.deepEqual(read, ["chunk"], "a body within the drain limit is read, then refused");
    const within = await send(drain, 10);
    assert.equal(within.status, 200);
  });

  test("a stream longer than the drain limit is cut off, whatever length it declared", async () => {
    let pulls = 0;
    const chunk = new Uint8Array(400 * 1024).fill(32);
    const route = handle(contract({ body: anyBody }) as never, echoBody as never);
    const response = await route(
      new Request("http://localhost/api/things/7", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new ReadableStream<Uint8Array>({
          pull(controller) {
            pulls++;
            controller.enqueue(chunk);
          },
        }),
        duplex: "half",
      } as RequestInit),
      { params: Promise.resolve({ id: "7" }) },
    );
    assert.equal(response.status, 413);
    // 2 MiB drain limit over 400 KiB chunks: the sixth chunk passes it and reading stops there.
    assert.ok(pulls <= 7, `read ${pulls} chunks`);
  });
});

describe("errors", () => {
  test("an ApiError keeps its status, body and headers", async () => {
    const response = await call({}, async () => {
      throw new ApiError(409, "Already there", { code: "CONFLICT", field: "name", headers: { allow: "GET" } });
    });
    assert.equal(response.headers.get("allow"), "GET");
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.ok(response.headers.get("x-request-id"));
    assert.deepEqual(await errorOf(response), { status: 409, error: "Already there", code: "CONFLICT", field: "name" });
  });

  test("an unreachable database is 503 with Retry-After; anything else is a 500 that quotes nothing", async (t) => {
    const errorLog = t.mock.method(logger, "error", () => {});
    const down = await call({}, async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    assert.equal(down.headers.get("retry-after"), "5");
    assert.deepEqual(await errorOf(down), { status: 503, error: "Service temporarily unavailable: the database cannot be reached" });
    const broken = await call({}, async () => {
      throw Object.assign(new TypeError("secret patient name in message"), { code: "E_X" });
    });
    assert.deepEqual(await errorOf(broken), { status: 500, error: "Internal error" });
    const thrownString = await call({}, async () => {
      throw "plain";
    });
    assert.equal(thrownString.status, 500);
    const logged = errorLog.mock.calls.map((c) => c.arguments as unknown as [Record<string, unknown>, string]);
    assert.deepEqual(
      logged.map(([fields, message]) => [message, fields.route, (fields.err as { type: string }).type]),
      [
        ["database unavailable", "/api/things/{id}", "Error"],
        ["unhandled error", "/api/things/{id}", "TypeError"],
        ["unhandled error", "/api/things/{id}", "string"],
      ],
    );
    const err = logged[1]![0].err as { code: unknown; stack: string };
    assert.equal(err.code, "E_X");
    assert.doesNotMatch(JSON.stringify(logged), /secret patient name/);
    assert.match(err.stack, /^\s+at /);
    const frames = err.stack.split("\n");
    assert.ok(frames.length >= 2 && frames.length <= 5, `frames: ${frames.length}`);
    assert.ok(
      frames.every((frame) => /^\s+at /.test(frame)),
      "one frame a line, the message line left out",
    );
    for (const [fields] of logged) assert.match(String(fields.reqId), /^[0-9a-f-]{36}$/);
  });

  test("a route family's own error renderer formats every error", async () => {
    const renderError = (status: number, body: { error: string }, headers?: Record<string, string>) =>
      new Response(`${status} ${body.error}`, { status, headers });
    const response = await call(
      {},
      async () => {
        throw new ApiError(429, "Slow down", { headers: { "retry-after": "3" } });
      },
      {},
      { renderError },
    );
    assert.equal(response.status, 429);
    assert.equal(response.headers.get("retry-after"), "3");
    assert.equal(await response.text(), "429 Slow down");
  });
});

describe("limits", () => {
  test("a code route counts a miss for each 404; past the allowance the answer is the 429", async () => {
    const missing: Handler = async () => {
      throw new ApiError(404, "No assessment with this code");
    };
    const headers = { "x-hand-client-address": "10.9.1.1" };
    assert.equal((await call({ limits: ["code"] }, missing, { headers })).status, 404);
    assert.equal((await call({ limits: ["code"] }, missing, { headers })).status, 404);
    const blocked = await call({ limits: ["code"] }, missing, { headers });
    assert.equal(blocked.status, 429);
    assert.equal((await call({ limits: ["code"] }, async () => ({}) as never, { headers })).status, 429);
    // Without the code limit a 404 is no miss; a code route's other errors are none either.
    const other = { "x-hand-client-address": "10.9.1.2" };
    for (let i = 0; i < 3; i++) assert.equal((await call({}, missing, { headers: other })).status, 404);
    const gone: Handler = async () => {
      throw new ApiError(410, "Gone");
    };
    for (let i = 0; i < 3; i++) assert.equal((await call({ limits: ["code"] }, gone, { headers: other })).status, 410);
    assert.equal((await call({ limits: ["code"] }, async () => ({}) as never, { headers: other })).status, 200);
  });

  const kinds = ["write", "anonymous-write", "ai", "compute", "pdf", "bulk-export", "bulk-download", "patient-report"] as const;
  for (const [index, kind] of kinds.entries()) {
    test(`a ${kind} route spends one per request before any work: the second request within the allowance's window is 429`, async () => {
      let runs = 0;
      const headers = { "x-hand-client-address": `10.9.2.${index + 1}` };
      const work: Handler = async () => (runs++, {}) as never;
      assert.equal((await call({ limits: [kind] }, work, { headers })).status, 200);
      assert.equal((await call({ limits: [kind] }, work, { headers })).status, 429);
      assert.equal(runs, 1);
      assert.equal((await call({ limits: [] }, work, { headers })).status, 200);
    });
  }
});

describe("the request log line", () => {
  test("one line per request: method, the route pattern (never the raw path), status, duration", async (t) => {
    const info = t.mock.method(logger, "info", () => {});
    const response = await call({ method: "GET" }, async () => ({}) as never, {
      url: "http://localhost/api/things/ABC234",
      params: { id: "ABC234" },
      headers: { "x-request-id": "mine" },
    });
    await call({ method: "GET" }, async () => {
      throw new ApiError(404, "No");
    });
    const lines = info.mock.calls.map((c) => c.arguments as unknown as [Record<string, unknown>, string]);
    assert.equal(lines.length, 2);
    const [fields, message] = lines[0]!;
    assert.equal(message, "request");
    assert.deepEqual(Object.keys(fields).sort(), ["clientReqId", "method", "ms", "reqId", "route", "status"]);
    assert.equal(fields.reqId, response.headers.get("x-request-id"));
    assert.equal(fields.clientReqId, "mine");
    assert.equal(fields.method, "GET");
    assert.equal(fields.route, "/api/things/{id}");
    assert.equal(fields.status, 200);
    assert.equal(typeof fields.ms, "number");
    assert.ok((fields.ms as number) >= 0 && (fields.ms as number) < 10_000);
    assert.equal(Math.round((fields.ms as number) * 10), (fields.ms as number) * 10);
    assert.doesNotMatch(JSON.stringify(lines), /ABC234/);
    assert.equal(lines[1]![0].status, 404);
    assert.equal("clientReqId" in lines[1]![0], false);
  });
});

test("a header the contract names is checked by its schema: missing, it is the 400 naming it", async () => {
  const headers = z.object({ "idempotency-key": z.string().min(8) });
  const ok = async () => ({ ok: true }) as never;
  assert.deepEqual(await errorOf(await call({ method: "GET", headers }, ok)), {
    status: 400,
    error: "idempotency-key: is required",
    field: "idempotency-key",
  });
  assert.equal(
    (await errorOf(await call({ method: "GET", headers }, ok, { headers: { "idempotency-key": "short" } }))).field,
    "idempotency-key",
  );
  assert.equal((await call({ method: "GET", headers }, ok, { headers: { "idempotency-key": "long-enough-key" } })).status, 200);
});

test("the log line's ms is the request's own duration in milliseconds, to one decimal", async (t) => {
  const info = t.mock.method(logger, "info", () => {});
  await call({ method: "GET" }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 40));
    return {} as never;
  });
  const [fields] = info.mock.calls.at(-1)!.arguments as unknown as [{ ms: number }];
  // A 40 ms handler logs at least 39 ms and well under 2 s: a factor of ten or a hundred misplaced would not.
  assert.ok(fields.ms >= 39 && fields.ms < 2_000, `ms ${fields.ms}`);
  assert.equal(Math.round(fields.ms * 10), fields.ms * 10, "one decimal at most");
});

test("a handler that asks for the request gets the Web request it came in as", async () => {
  const response = await call({ method: "GET" }, async ({ request }) => ({ url: request.url, method: request.method }) as never, {
    url: "http://localhost/api/things/7?x=1",
  });
  assert.deepEqual(await response.json(), { url: "http://localhost/api/things/7?x=1", method: "GET" });
});
