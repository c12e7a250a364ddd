// An endpoint's contract: method, path, guard and zod schemas. Route files hand it to the
// wrapper; the API reference is generated from the same objects.
import type { z } from "zod";
import type { LimitKind } from "@/lib/api/limits";

/** The roles a token can name (lib/auth/tokens.ts reads them from its roles claim). */
export type Role = "patient" | "care_provider" | "admin";
export const ROLES: readonly Role[] = ["patient", "care_provider", "admin"];

export type Guard = "none" | "optional" | "required" | { roles: Role[] };

export interface EndpointResponse {
  status: number;
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
}

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends readonly EndpointResponse[] = readonly EndpointResponse[],
> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path under /api in OpenAPI form, e.g. "/lookup/{code}". */
  path: string;
  /** The operation's stable name in the reference and in generated clients, a camelCase verb phrase (submitRomAssessment). */
  operationId: string;
  summary: string;
  tag: string;
  /** Replaces the guard's sentence in the reference when the operation needs more words (the voice socket). */
  description?: string;
  auth: Guard;
  params?: P;
  query?: Q;
  /** Request headers the route requires, by their canonical names (Prefer): checked like the query, 400 naming the header. */
  headers?: z.ZodObject;
  body?: B;
  /** A request body the reference shows; the OpenAPI test checks that the body schema accepts it. */
  requestExample?: unknown;
  /** The handler receives the unparsed body text (webhook signatures). */
  rawBody?: boolean;
  /** Body size cap in bytes; 1 MiB unless the endpoint says otherwise. */
  maxBodyBytes?: number;
  /** The first is the success answer: its schema types what the route's handler returns (lib/http/route.ts). */
  responses: R;
  /** Served by server.ts on HTTP upgrade (the voice WebSocket), not by a route file. */
  upgrade?: boolean;
  /**
   * The abuse limits the route spends (lib/rate-limit): the wrapper counts `code`, `write`,
   * `anonymous-write`, `ai`, `compute` and `pdf` per request; `codes` and `mail` are counted by the service, which
   * knows the codes and the recipient. Every limited route documents a 429.
   */
  limits?: LimitKind[];
}

/**
 * Declares a contract; keeps the guard's literal type (handlers of guarded routes get a non-null
 * user) and the responses' (a handler must return what the first response's schema describes).
 */
export function endpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  G extends Guard = Guard,
  const R extends readonly EndpointResponse[] = readonly EndpointResponse[],
>(definition: Endpoint<P, Q, B, R> & { auth: G }): Endpoint<P, Q, B, R> & { auth: G } {
  return definition;
}

/** What the success answer of a contract carries: the output of its first response's schema (unknown when it has none). */
export type SuccessBody<R extends readonly EndpointResponse[]> = R extends readonly [{ schema: infer S extends z.ZodType }, ...unknown[]]
  ? z.output<S>
  : unknown;
