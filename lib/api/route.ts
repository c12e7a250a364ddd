// The one route wrapper: request id, guard, body cap, JSON and zod parsing, error mapping.
// Route files call `handle(endpoint, handler)` and return plain data.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError, isDatabaseUnavailable } from "@/lib/api/errors";
import type { Endpoint, Guard } from "@/lib/api/endpoint";
import { recordAccess } from "@/lib/audit";
import { authenticate, type AuthUser } from "@/lib/auth/guard";
import { logger } from "@/lib/log";

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
  requestId: string;
  /** The route pattern, e.g. "/api/lookup/{code}" (for logs and the audit trail; never the raw path). */
  route: string;
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

/**
 * Records a successful call in the access audit trail (lib/audit): `patient` names whose data
 * it touched — the `id` path parameter, or the caller's own contact (claims).
 */
export interface AuditOption {
  action: string;
  patient: "params.id" | "caller";
}

/** Marks the functions handle() makes: plain Web handlers that lib/http/api-router.ts may serve without Next. */
const PLAIN_HANDLER = Symbol.for("hand-assessment.plain-handler");

export function isPlainHandler(value: unknown): boolean {
  return typeof value === "function" && (value as { [PLAIN_HANDLER]?: boolean })[PLAIN_HANDLER] === true;
}

export function handle<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, G extends Guard>(
  definition: Endpoint<P, Q, B> & { auth: G },
  handler: (ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>> & { user: RequiredUser<G> }) => Promise<unknown>,
  options: { audit?: AuditOption } = {},
): (request: Request, context: RouteContext) => Promise<Response> {
  const successStatus = definition.responses[0]?.status ?? 200;
  const routeHandler = async (request: Request, context: RouteContext): Promise<Response> => {
    const started = performance.now();
    const incomingId = request.headers.get("x-request-id");
    const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    let response: Response;
    try {
      const user = await authenticate(request, definition.auth);
      const params = parse(definition.params, await context.params, "path");
      const query = definition.query && parse(definition.query, Object.fromEntries(new URL(request.url).searchParams), "query");
      const needsBody = Boolean(definition.body || definition.rawBody);
      const rawBody = needsBody ? await readBody(request, definition.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : "";
      const body = definition.body ? parse(definition.body, parseJson(rawBody), "body") : undefined;
      const route = `/api${definition.path}`;
      const result = await handler({
        request,
        params: params as Infer<P>,
        query: query as Infer<Q>,
        body: body as Infer<B>,
        rawBody,
        user: user as never,
        requestId,
        route,
      });
      response = toResponse(result, successStatus);
      if (options.audit && response.status < 400) {
        const patientId = options.audit.patient === "caller" ? user?.contactId : (params as { id?: number }).id;
        if (patientId !== undefined) {
          await recordAccess({ user, route, requestId }, patientId, options.audit.action, { always: options.audit.patient === "caller" });
        }
      }
    } catch (error) {
      response = errorResponse(error, requestId, definition);
    }
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    logger.info(
      {
        reqId: requestId,
        method: definition.method,
        route: `/api${definition.path}`,
        status: response.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
    return response;
  };
  return Object.assign(routeHandler, { [PLAIN_HANDLER]: true });
}

/** Under required/role guards the handler's user is never null. */
type RequiredUser<G extends Guard> = G extends "none" | "optional" ? AuthUser | null : AuthUser;

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

function errorResponse(error: unknown, requestId: string, definition: Endpoint): Response {
  if (error instanceof ApiError) {
    return Response.json(error.body(), { status: error.status, headers: error.headers });
  }
  if (isDatabaseUnavailable(error)) {
    logger.error({ reqId: requestId, route: `/api${definition.path}`, err: errorSummary(error) }, "database unavailable");
    return Response.json({ error: "Service temporarily unavailable: the database cannot be reached" }, { status: 503, headers: { "retry-after": "5" } });
  }
  logger.error({ reqId: requestId, route: `/api${definition.path}`, err: errorSummary(error) }, "unhandled error");
  return Response.json({ error: "Internal error" }, { status: 500 });
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

function parseJson(text: string): unknown {
  if (text.trim() === "") return {};
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

async function readBody(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new ApiError(413, `Request body exceeds ${limit} bytes`);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
