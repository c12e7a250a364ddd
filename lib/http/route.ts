// The one route wrapper: request id, guard, abuse limits, body cap, JSON and zod parsing, error
// mapping. Route files call `handle(endpoint, handler)` and return plain data.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError, errorReply, isDatabaseUnavailable } from "@/lib/api/errors";
import type { Endpoint, EndpointResponse, Guard, SuccessBody } from "@/lib/api/endpoint";
import type { LimitKind } from "@/lib/api/limits";
import type { AccessContext } from "@/lib/audit";
import { authenticate, type AuthUser } from "@/lib/auth/guard";
import { clientAddress, limitSubjectOf } from "@/lib/http/client-address";
import { logger } from "@/lib/log";
import { countAiCall, countCodeLookups, countCodeMisses, countCompute, countPdf, countWrite, type LimitSubject } from "@/lib/rate-limit";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface HandlerContext<P, Q, B> {
  request: Request;
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

export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  readonly endpoint: Endpoint;
  /** The route family's error format, for answers the router gives itself (405). */
  readonly renderError: ErrorRenderer;
};

export interface RouteOptions {
  /** The route family's error format (FHIR's OperationOutcome); default the API's JSON error. */
  renderError?: ErrorRenderer;
  /** Refuses, by throwing an ApiError (406), a request for a representation the route does not make; runs before anything else. */
  negotiate?: (request: Request) => void;
}

/** A handler handle() made, carrying its contract (the router and the route-file check read it). */
export function isPlainHandler(value: unknown): value is RouteHandler {
  return typeof value === "function" && (value as { [PLAIN_HANDLER]?: boolean })[PLAIN_HANDLER] === true;
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
  const routeHandler = async (request: Request, context: RouteContext): Promise<Response> => {
    const started = performance.now();
    const incomingId = request.headers.get("x-request-id");
    const clientRequestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : null;
    const requestId = randomUUID();
    const route = `/api${definition.path}`;
    const address = clientAddress(request.headers);
    const limits = definition.limits ?? [];
    let response: Response;
    try {
      options.negotiate?.(request);
      const user = await authenticate(request, definition.auth);
      const caller: AccessContext = { user, route, requestId, clientRequestId, address, limits: limitSubjectOf(address, user) };
      await spendRequestLimits(limits, caller.limits, user);
      const params = parse(definition.params, await context.params, "path");
      const query = definition.query && parse(definition.query, queryInput(definition.query, new URL(request.url).searchParams), "query");
      const needsBody = Boolean(definition.body || definition.rawBody);
      const rawBody = needsBody ? await readBody(request, definition.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : "";
      const body = definition.body ? parse(definition.body, parseJson(rawBody, request.headers.get("content-type")), "body") : undefined;
      const result = await handler({
        request,
        params: params as Infer<P>,
        query: query as Infer<Q>,
        body: body as Infer<B>,
        rawBody,
        user: user as never,
        requestId,
        route,
        caller,
      }).catch(async (error: unknown) => {
        // An unknown code is a miss: too many of them block the caller (then this answer is the 429).
        if (limits.includes("code") && error instanceof ApiError && error.status === 404)
          await countCodeMisses(caller.limits.key, 1, caller.limits.site);
        throw error;
      });
      response = toResponse(result, successStatus);
    } catch (error) {
      response = errorResponse(error, requestId, definition, options.renderError ?? jsonError);
    }
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    logger.info(
      {
        reqId: requestId,
        ...(clientRequestId ? { clientReqId: clientRequestId } : {}),
        method: definition.method,
        route,
        status: response.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
    return response;
  };
  return Object.assign(routeHandler, {
    [PLAIN_HANDLER]: true,
    endpoint: definition as Endpoint,
    renderError: options.renderError ?? jsonError,
  });
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
  if (limits.length === 0) return;
  if (limits.includes("code")) await countCodeLookups(subject.key, 1, subject.site);
  if (limits.includes("write") || (limits.includes("anonymous-write") && !user)) await countWrite(subject.key);
  if (limits.includes("ai")) await countAiCall(subject.key);
  if (limits.includes("compute")) await countCompute(subject.key);
  if (limits.includes("pdf")) await countPdf(subject.key);
}

/** Under required/role guards the handler's user is never null. */
// Not distributive: a role guard's type is `Guard & { roles }`, whose "none" member must not count.
type RequiredUser<G extends Guard> = [G] extends ["none"] | ["optional"] ? AuthUser | null : AuthUser;

function toResponse(result: unknown, status: number): Response {
  if (result instanceof Response) return result;
  if (result instanceof Reply) {
    return result.status === 204 || result.data === undefined
      ? new Response(null, { status: result.status, headers: result.headers })
      : Response.json(result.data, { status: result.status, headers: result.headers });
  }
  if (status === 204 || result === undefined) return new Response(null, { status });
  return Response.json(result, { status });
}

/**
 * Turns an error's status, `{ error, code?, field? }` body and headers into the answer. The
 * default is that body as JSON; a route family with its own error format (FHIR's
 * OperationOutcome) passes its renderer to handle().
 */
export type ErrorRenderer = (status: number, body: ReturnType<ApiError["body"]>, headers?: Record<string, string>) => Response;

const jsonError: ErrorRenderer = (status, body, headers) => errorReply(new ApiError(status, body.error, { ...body, headers }));

function errorResponse(error: unknown, requestId: string, definition: Endpoint, render: ErrorRenderer): Response {
  if (error instanceof ApiError) {
    return render(error.status, error.body(), error.headers);
  }
  if (isDatabaseUnavailable(error)) {
    logger.error({ reqId: requestId, route: `/api${definition.path}`, err: errorSummary(error) }, "database unavailable");
    return render(503, { error: "Service temporarily unavailable: the database cannot be reached" }, { "retry-after": "5" });
  }
  logger.error({ reqId: requestId, route: `/api${definition.path}`, err: errorSummary(error) }, "unhandled error");
  return render(500, { error: "Internal error" });
}

/** Error type, code and stack only: messages can quote input (and so patient data). */
function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  return { type: error.name, code: (error as { code?: unknown }).code, stack: error.stack?.split("\n").slice(1, 6).join("\n") };
}

function parse<T extends z.ZodType | undefined>(schema: T, input: unknown, where: "path" | "query" | "body"): unknown {
  if (!schema) return undefined;
  // reportInput puts the offending value on each issue (zod 4 leaves it off by default), so that a
  // wrong type is told apart from a missing field; the value itself never reaches the message.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join(".");
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
  if (SUSPECT_ESCAPE.test(text) && !storableText(value)) {
    throw new ApiError(400, "Request body contains a NUL character or an unpaired surrogate");
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

/** PostgreSQL text cannot hold NUL, and an unpaired surrogate is not Unicode: both are the client's error, not a 500. */
function storableText(root: unknown): boolean {
  const pending: unknown[] = [root]; // a loop, not recursion: bodies can nest deeply
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000") || UNPAIRED_SURROGATE.test(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value && typeof value === "object") {
      for (const [key, member] of Object.entries(value)) pending.push(key, member);
    }
  }
  return true;
}

/**
 * Reads the body up to `limit` bytes. Past the limit the rest is still taken in and dropped, up to
 * as much again (at least 1 MiB more), so the client, still uploading, reads the 413 rather than a
 * connection reset; a body larger than that is refused without reading and the connection cut.
 */
async function readBody(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new ApiError(413, `Request body exceeds ${limit} bytes`);
  const drainLimit = limit + Math.max(limit, 1024 * 1024);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > drainLimit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > drainLimit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    if (total <= limit) chunks.push(value);
  }
  if (total > limit) throw tooLarge();
  return Buffer.concat(chunks).toString("utf8");
}
