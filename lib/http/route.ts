// The one route wrapper: request id, guard, abuse limits, body cap, JSON and zod parsing, error
// mapping. Route files call `handle(endpoint, handler)` and return plain data.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError, isDatabaseUnavailable } from "@/lib/api/errors";
import type { Endpoint, EndpointResponse, Guard, SuccessBody } from "@/lib/api/endpoint";
import type { LimitKind } from "@/lib/api/limits";
import type { AccessContext } from "@/lib/audit";
import { authenticate, type AuthUser } from "@/lib/auth/guard";
import { requireSmartRoute } from "@/lib/auth/smart";
import { clientAddress, limitSubjectOf } from "@/lib/http/client-address";
import { logger } from "@/lib/log";
import {
  countAiCall,
  countBulkDownload,
  countBulkExport,
  countPatientReport,
  countCodeLookups,
  countCodeMisses,
  countCompute,
  countPdf,
  countWrite,
  type LimitSubject,
} from "@/lib/rate-limit";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface HandlerContext<P, Q, B> {
  request: Request;
  /** The request's headers, without making a Web Request (the API router's door has none). */
  headers: Pick<Headers, "get">;
  params: P;
  query: Q;
  body: B;
  /** The unparsed body, for endpoints declared with rawBody. */
  rawBody: string;
  /** The authenticated caller, or null (anonymous under optional/none). */
  user: AuthUser | null;
  /** Generated here for every request (a client's own x-request-id is kept as caller.clientRequestId). */
  requestId: string;
  /** The route pattern, e.g. "/api/lookup/{code}" (for logs and the audit trail; never the raw path). */
  route: string;
  /** Who is calling and from where: for services that audit or spend limits themselves. */
  caller: AccessContext;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** A response with a status other than the endpoint's first documented one, or extra headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly data: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Marks the functions handle() makes: plain Web handlers that lib/http/api-router.ts may serve without Next. */
const PLAIN_HANDLER = Symbol.for("hand-assessment.plain-handler");

/**
 * What handle() reads of a request, whichever door it came in by: Next's Web `Request`
 * (webIncoming), or Node's `req` in lib/http/api-router.ts, which builds no Web objects unless
 * a handler asks for `request`.
 */
export interface Incoming {
  headers: Pick<Headers, "get">;
  /** The query string's parameters. */
  query(): URLSearchParams;
  /** The body as text, up to `limit` bytes (readBody's rules). */
  body(limit: number): Promise<string>;
  /** The Web Request, for handlers that read it (FHIR's reply format, a webhook's signature). */
  request(): Request;
}

/** An answer as its parts: JSON text or nothing, written to Node's response or made a Web Response. */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** What handle() answers: its own JSON as parts, or a Response a handler or error renderer made. */
export type Answer = PlainAnswer | Response;

export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  readonly endpoint: Endpoint;
  /** The route family's error format, for answers the router gives itself (405); none: the API's JSON error. */
  readonly renderError?: ErrorRenderer;
  /** The same handler for a request of either door, and its answer before it becomes a Response. */
  readonly answer: (incoming: Incoming, params: Record<string, string | string[]>) => Promise<Answer>;
};

export interface RouteOptions {
  /** The route family's error format (FHIR's OperationOutcome); default the API's JSON error. */
  renderError?: ErrorRenderer;
  /** Refuses, by throwing an ApiError (406), a request for a representation the route does not make; runs before anything else. */
  negotiate?: (incoming: Pick<Incoming, "headers" | "query">) => void;
}

/** A handler handle() made, carrying its contract (the router and the route-file check read it). */
export function isPlainHandler(value: unknown): value is RouteHandler {
  return typeof value === "function" && (value as { [PLAIN_HANDLER]?: boolean })[PLAIN_HANDLER] === true;
}

/** A Web Request as handle() reads it (Next's door). */
export function webIncoming(request: Request): Incoming {
  return {
    headers: request.headers,
    query: () => new URL(request.url).searchParams,
    // Node's ReadableStream is async-iterable; TypeScript's DOM types do not say so.
    body: (limit) => readBody(request.headers.get("content-length"), request.body as AsyncIterable<Uint8Array> | null, limit),
    request: () => request,
  };
}

/** An answer as a Web Response. */
export function toWebResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * The route's handler returns the contract's success body (typed from its first response's
 * schema, so a renamed or missing field fails the type check), a Reply for another status, or a
 * Response of its own (files, redirects).
 */
export function handle<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  G extends Guard,
  R extends readonly EndpointResponse[],
>(
  definition: Endpoint<P, Q, B, R> & { auth: G },
  handler: (ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>> & { user: RequiredUser<G> }) => Promise<SuccessBody<R> | Reply | Response>,
  options: RouteOptions = {},
): RouteHandler {
  const successStatus = definition.responses[0]?.status ?? 200;
  const route = `/api${definition.path}`;
  const limits = definition.limits ?? [];
  const render = options.renderError ?? jsonError;
  const answer = async (incoming: Incoming, rawParams: Record<string, string | string[]>): Promise<Answer> => {
    const started = performance.now();
    const incomingId = incoming.headers.get("x-request-id");
    const clientRequestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : null;
    const requestId = randomUUID();
    const address = clientAddress(incoming.headers);
    let answer: Answer;
    try {
      options.negotiate?.(incoming);
      const user = await authenticate(incoming, definition.auth);
      if (user?.smart) requireSmartRoute(user.smart, definition.path);
      const caller: AccessContext = { user, route, requestId, clientRequestId, address, limits: limitSubjectOf(address, user) };
      if (limits.length > 0) await spendRequestLimits(limits, caller.limits, user);
      const { params, query } = readParamsAndQuery(definition, incoming, rawParams);
      const { rawBody, body } = definition.body || definition.rawBody ? await readRequestBody(definition, incoming) : NO_BODY;
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        result = await handler({
          get request() {
            return incoming.request();
          },
          headers: incoming.headers,
          params: params as Infer<P>,
          query: query as Infer<Q>,
          body: body as Infer<B>,
          rawBody,
          user: user as never,
          requestId,
          route,
          caller,
        });
      } catch (error) {
        throw await countedCodeMiss(error, limits, caller.limits);
      }
      answer = toAnswer(result, successStatus);
    } catch (error) {
      answer = errorAnswer(error, requestId, route, render);
    }
    stampAnswer(answer, requestId);
    logRequest({ requestId, clientRequestId, method: definition.method, route, status: answer.status, started });
    return answer;
  };
  const routeHandler = async (request: Request, context: RouteContext): Promise<Response> =>
    toWebResponse(await answer(webIncoming(request), await context.params));
  return Object.assign(routeHandler, { [PLAIN_HANDLER]: true, endpoint: definition as Endpoint, answer, renderError: options.renderError });
}

/**
 * The path parameters, query and named headers the contract names, each checked by its schema in
 * that order (the first that fails is the 400); the body (readRequestBody) is checked after them.
 */
function readParamsAndQuery(definition: Endpoint, incoming: Incoming, rawParams: Record<string, string | string[]>) {
  const params = parse(definition.params, rawParams, "path");
  const query = definition.query && parse(definition.query, queryInput(definition.query, incoming.query()), "query");
  if (definition.headers) parse(definition.headers, headerInput(definition.headers, incoming.headers), "header");
  return { params, query };
}

/** What a request of an endpoint without a body carries instead. */
const NO_BODY = { rawBody: "", body: undefined };

/** The body, read (up to the endpoint's cap) and checked by its schema, for endpoints that take one. */
async function readRequestBody(definition: Endpoint, incoming: Incoming): Promise<{ rawBody: string; body: unknown }> {
  const rawBody = await incoming.body(definition.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const body = definition.body ? parse(definition.body, parseJson(rawBody, incoming.headers.get("content-type")), "body") : undefined;
  return { rawBody, body };
}

/** An unknown code is a miss, counted before its 404 is thrown: too many of them block the caller (then this is the 429). */
async function countedCodeMiss(error: unknown, limits: readonly LimitKind[], subject: LimitSubject): Promise<unknown> {
  if (limits.includes("code") && error instanceof ApiError && error.status === 404) await countCodeMisses(subject.key, 1, subject.site);
  return error;
}

/** The one log line of each request; `started` is its performance.now() on arrival. */
function logRequest(request: {
  requestId: string;
  clientRequestId: string | null;
  method: string;
  route: string;
  status: number;
  started: number;
}): void {
  const line: Record<string, unknown> = { reqId: request.requestId };
  if (request.clientRequestId) line.clientReqId = request.clientRequestId;
  line.method = request.method;
  line.route = request.route;
  line.status = request.status;
  line.ms = Math.round((performance.now() - request.started) * 10) / 10;
  logger.info(line, "request");
}

/** Every answer carries its request id, and is not cached unless its route says otherwise. */
function stampAnswer(answer: Answer, requestId: string): void {
  if (answer instanceof Response) {
    answer.headers.set("x-request-id", requestId);
    if (!answer.headers.has("cache-control")) answer.headers.set("cache-control", "no-store");
  } else {
    answer.headers["x-request-id"] = requestId;
    answer.headers["cache-control"] ??= "no-store";
  }
}

/** The headers a contract names, by those names (a missing one is undefined: "is required"). */
function headerInput(schema: z.ZodObject, headers: Incoming["headers"]): Record<string, string | undefined> {
  return Object.fromEntries(Object.keys(schema.shape).map((name) => [name, headers.get(name) ?? undefined]));
}

/** Whether a query field takes a list (a repeatable parameter: `date=ge2024&date=le2025`). */
function isList(schema: z.ZodType | undefined): boolean {
  let inner: unknown = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap();
  if (inner instanceof z.ZodPipe) return isList(inner.in as z.ZodType);
  return inner instanceof z.ZodArray;
}

/** The query as the schema takes it: every value of a list field, the last value of any other. */
function queryInput(schema: z.ZodType, params: URLSearchParams): Record<string, string | string[]> {
  const shape: Record<string, z.ZodType> = schema instanceof z.ZodObject ? schema.shape : {};
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) input[key] = isList(shape[key]) ? params.getAll(key) : params.getAll(key).at(-1)!;
  return input;
}

/** The limits counted once per request, before any work (a refused request costs nothing more). */
async function spendRequestLimits(limits: readonly LimitKind[], subject: LimitSubject, user: AuthUser | null): Promise<void> {
  if (limits.includes("code")) await countCodeLookups(subject.key, 1, subject.site);
  if (limits.includes("write") || (limits.includes("anonymous-write") && !user)) await countWrite(subject.key);
  if (limits.includes("ai")) await countAiCall(subject.key);
  if (limits.includes("compute")) await countCompute(subject.key);
  if (limits.includes("pdf")) await countPdf(subject.key);
  if (limits.includes("bulk-export")) await countBulkExport(subject.key);
  if (limits.includes("bulk-download")) await countBulkDownload(subject.key);
  if (limits.includes("patient-report")) await countPatientReport(subject.key);
}

/** Under required/role guards the handler's user is never null. */
// Not distributive: a role guard's type is `Guard & { roles }`, whose "none" member must not count.
type RequiredUser<G extends Guard> = [G] extends ["none"] | ["optional"] ? AuthUser | null : AuthUser;

/** Header names as Node and the Web's Headers both give them: lower case. */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) out[name.toLowerCase()] = headers[name]!;
  return out;
}

function json(status: number, data: unknown, headers: Record<string, string> = {}): PlainAnswer {
  return { status, headers: { ...lowerCased(headers), "content-type": "application/json" }, body: JSON.stringify(data) };
}

function toAnswer(result: unknown, status: number): Answer {
  if (result instanceof Response) return result;
  if (result instanceof Reply) {
    return result.status === 204 || result.data === undefined
      ? { status: result.status, headers: lowerCased(result.headers), body: null }
      : json(result.status, result.data, result.headers);
  }
  if (status === 204 || result === undefined) return { status, headers: {}, body: null };
  return json(status, result);
}

/**
 * Turns an error's status, `{ error, code?, field? }` body and headers into the answer. The
 * default is that body as JSON (errorReply's answer); a route family with its own error format
 * (FHIR's OperationOutcome) passes its renderer to handle().
 */
export type ErrorRenderer = (status: number, body: ReturnType<ApiError["body"]>, headers?: Record<string, string>) => Response;

const jsonError = (status: number, body: ReturnType<ApiError["body"]>, headers?: Record<string, string>): Answer =>
  json(status, body, { ...headers, "cache-control": "no-store" });

function errorAnswer(
  error: unknown,
  requestId: string,
  route: string,
  render: (status: number, body: ReturnType<ApiError["body"]>, headers?: Record<string, string>) => Answer,
): Answer {
  if (error instanceof ApiError) {
    return render(error.status, error.body(), error.headers);
  }
  if (isDatabaseUnavailable(error)) {
    logger.error({ reqId: requestId, route, err: errorSummary(error) }, "database unavailable");
    return render(503, { error: "Service temporarily unavailable: the database cannot be reached" }, { "retry-after": "5" });
  }
  logger.error({ reqId: requestId, route, err: errorSummary(error) }, "unhandled error");
  return render(500, { error: "Internal error" });
}

/** Error type, code and stack only: messages can quote input (and so patient data). */
function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  return { type: error.name, code: (error as { code?: unknown }).code, stack: error.stack?.split("\n").slice(1, 6).join("\n") };
}

function parse<T extends z.ZodType | undefined>(schema: T, input: unknown, where: "path" | "query" | "header" | "body"): unknown {
  if (!schema) return undefined;
  // reportInput puts the offending value on each issue (zod 4 leaves it off by default), so that a
  // wrong type is told apart from a missing field; the value itself never reaches the message.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  // An unknown member is named like any other offending input: the object's path and its key.
  const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]!] : issue.path;
  const field = path.map(String).join(".");
  const message = issueMessage(issue);
  throw new ApiError(400, field ? `${field}: ${message}` : `Invalid ${where}: ${message}`, field ? { field } : {});
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && issue.input === undefined) return "is required";
  if (issue.code === "unrecognized_keys") return `unknown field(s) ${issue.keys.join(", ")}`;
  return issue.message;
}

/** application/json and the +json types (with parameters such as charset). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** Deeper than any request this API takes; a 10,000-deep body must not reach zod or the database. */
export const MAX_JSON_DEPTH = 32;

function parseJson(text: string, contentType: string | null): unknown {
  if (text.trim() === "") return {};
  // A cross-site form or text/plain body must never pass for JSON (no CORS preflight guards those).
  if (!contentType || !JSON_MEDIA_TYPE.test(contentType)) {
    throw new ApiError(415, "Request body must be JSON: send Content-Type: application/json", { code: "UNSUPPORTED_MEDIA_TYPE" });
  }
  if (nestingDepth(text) > MAX_JSON_DEPTH) throw new ApiError(400, `Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "Request body is not valid JSON");
  }
  const field = SUSPECT_ESCAPE.test(text) ? unstorableField(value) : undefined;
  if (field !== undefined) {
    throw new ApiError(400, "Request body contains a NUL character or an unpaired surrogate", field ? { field } : {});
  }
  return value;
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/** The deepest nesting of objects and arrays in JSON text (brackets inside strings do not count); stops counting past the cap. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > deepest && (deepest = depth) > MAX_JSON_DEPTH) return deepest;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

/** Only JSON escapes can smuggle these in; bodies without them skip the walk. */
const SUSPECT_ESCAPE = /\\u(?:0000|d[89a-f])/i;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const unstorable = (text: string) => text.includes("\u0000") || UNPAIRED_SURROGATE.test(text);

/**
 * PostgreSQL text cannot hold NUL, and an unpaired surrogate is not Unicode: both are the client's
 * error, not a 500. Returns the dotted path of the first string (or member name) holding one ("" for
 * the body itself), or undefined when every string is storable.
 */
function unstorableField(root: unknown): string | undefined {
  const pending: [unknown, string][] = [[root, ""]]; // a loop, not recursion: bodies can nest deeply
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (pending.length) {
    const [value, path] = pending.pop()!;
    if (typeof value === "string") {
      if (unstorable(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, join(path, index)]));
    } else if (value && typeof value === "object") {
      for (const [key, member] of Object.entries(value)) {
        if (unstorable(key)) return join(path, key.replace(/[\u0000\ud800-\udfff]/g, ""));
        pending.push([member, join(path, key)]);
      }
    }
  }
  return undefined;
}

/**
 * Reads the body up to `limit` bytes. Past the limit the rest is still taken in and dropped, up to
 * as much again (at least 1 MiB more), so the client, still uploading, reads the 413 rather than a
 * connection reset; a body larger than that is refused without reading and the connection cut.
 * `body` is a Web request's stream or Node's request: leaving the loop early cancels either.
 */
export async function readBody(declaredLength: string | null, body: AsyncIterable<Uint8Array> | null, limit: number): Promise<string> {
  const tooLarge = () => new ApiError(413, `Request body exceeds ${limit} bytes`);
  const drainLimit = limit + Math.max(limit, 1024 * 1024);
  const declared = Number(declaredLength);
  if (Number.isFinite(declared) && declared > drainLimit) throw tooLarge();
  if (!body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > drainLimit) throw tooLarge();
    if (total <= limit) chunks.push(chunk);
  }
  if (total > limit) throw tooLarge();
  return Buffer.concat(chunks).toString("utf8");
}
