// The OpenAPI 3.1 document, generated from the endpoint contracts and their zod schemas:
// nothing here restates a field list.
import { z } from "zod";
import type { Endpoint, Guard } from "@/lib/api/endpoint";
import * as enums from "@/lib/generated/prisma/enums.ts";
import { allEndpoints } from "@/lib/openapi/catalog";
import { LIMIT_DESCRIPTIONS } from "@/lib/api/limits";
import { SERVICE_VERSION } from "@/lib/version";

type JsonSchema = Record<string, unknown>;

const errorBody = z.object({
  error: z.string().describe("What went wrong, in words"),
  code: z.string().optional().describe("Machine-readable reason, e.g. ALREADY_SUBSCRIBED"),
  field: z.string().optional().describe("The offending input field (dotted path)"),
});

const guardText: Record<string, string> = {
  none: "No authentication.",
  optional: "Optional bearer token: parsed when present, never rejected; links the result to the caller.",
  required: "Requires a valid bearer token (401 otherwise).",
};

function guardDescription(guard: Guard): string {
  return typeof guard === "object" ? `Requires a bearer token with one of the roles: ${guard.roles.join(", ")} (401/403 otherwise).` : guardText[guard]!;
}

function security(guard: Guard): Record<string, string[]>[] {
  if (guard === "none") return [];
  if (guard === "optional") return [{}, { bearerAuth: [] }];
  return [{ bearerAuth: [] }];
}

/** zod → JSON Schema, with named definitions hoisted into components.schemas. */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  const rewrite = (value: JsonSchema) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, def] of Object.entries(defs)) components[name] = rewrite(def);
  return rewrite(json);
}

function objectProperties(schema: z.ZodType | undefined, components: Record<string, JsonSchema>) {
  if (!schema) return [];
  const json = toSchema(schema, "input", components);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, schema: property, required: required.has(name) }));
}

function operation(definition: Endpoint, components: Record<string, JsonSchema>) {
  const parameters = [
    ...objectProperties(definition.params, components).map((p) => ({ name: p.name, in: "path", required: true, schema: p.schema })),
    ...objectProperties(definition.query, components).map((p) => ({
      name: p.name,
      in: "query",
      required: p.required,
      schema: p.schema,
      ...(typeof p.schema.description === "string" ? { description: p.schema.description } : {}),
    })),
  ];
  const responses: Record<string, unknown> = {};
  for (const response of definition.responses) {
    const contentType = response.contentType ?? "application/json";
    const isError = response.status >= 400;
    const schema = response.schema ? toSchema(response.schema, "output", components) : isError ? { $ref: "#/components/schemas/Error" } : undefined;
    responses[String(response.status)] = {
      description: response.description,
      ...(schema || contentType !== "application/json"
        ? { content: { [contentType]: { schema: schema ?? { type: "string", format: "binary" } } } }
        : {}),
    };
  }
  const authErrors: [number, string][] =
    definition.auth === "required" ? [[401, "Missing or invalid token"]] : typeof definition.auth === "object" ? [[401, "Missing or invalid token"], [403, "Insufficient permissions"]] : [];
  const common: [number, string][] = [...authErrors, [500, "Internal error"], [503, "A dependency (database, identity provider) is unavailable"]];
  if (definition.body || definition.rawBody) common.push([413, "Request body too large"], [400, "Invalid request"]);
  if (definition.body) common.push([415, "The body is not JSON (Content-Type must be application/json)"]);
  for (const [status, description] of common) {
    responses[String(status)] ??= { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  if (definition.limits?.length) {
    responses["429"] ??= {
      description: `Over an abuse limit (code RATE_LIMITED). Each request spends: ${definition.limits.map((kind) => LIMIT_DESCRIPTIONS[kind]).join("; ")}.`,
      headers: { "Retry-After": { description: "Seconds until a retry can succeed", schema: { type: "integer", minimum: 1 } } },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return {
    operationId: `${definition.method.toLowerCase()}${definition.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: definition.summary,
    description: guardDescription(definition.auth),
    tags: [definition.tag],
    security: security(definition.auth),
    ...(typeof definition.auth === "object" ? { "x-roles": definition.auth.roles } : {}),
    ...(definition.upgrade ? { "x-upgrade": "websocket" } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(definition.body
      ? {
          requestBody: {
            // An empty body reads as {}: when that is valid input, the body may be left out.
            required: !definition.body.safeParse({}).success,
            content: { "application/json": { schema: toSchema(definition.body, "input", components) } },
          },
        }
      : definition.rawBody
        ? { requestBody: { required: true, description: "Raw, unparsed body (verified by signature)", content: { "application/json": { schema: {} } } } }
        : {}),
    responses,
  };
}

export function buildOpenApiDocument(endpoints: Endpoint[] = allEndpoints) {
  const components: Record<string, JsonSchema> = { Error: toSchema(errorBody, "output", {}) };
  for (const [name, values] of Object.entries(enums)) {
    if (typeof values === "object" && values !== null) components[name] = { type: "string", enum: Object.values(values as Record<string, string>) };
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const definition of [...endpoints].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[definition.path] ??= {};
    paths[definition.path]![definition.method.toLowerCase()] = operation(definition, components);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Hand Assessment API",
      version: SERVICE_VERSION,
      description:
        "Clinical hand-assessment service: submit scored assessments, share them by code, read histories, build reports. Outputs are not a medical diagnosis. Every error body is `{ error, code?, field? }`.",
    },
    servers: [{ url: "/api", description: "This server" }],
    tags: [...new Set(endpoints.map((e) => e.tag))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "RS256 access token from the identity provider (audience AUTH0_AUDIENCE)" },
      },
    },
  };
}
