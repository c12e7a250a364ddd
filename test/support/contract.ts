// Checks a response against the API reference: the status must be documented for the
// endpoint, and a JSON body must match the documented schema (the same zod schemas the
// OpenAPI document is generated from). apiClient runs it on every response, so every
// integration test checks the documentation as it goes.
import type { Endpoint } from "@/lib/api/endpoint";
import { allEndpoints } from "@/lib/openapi/catalog";
import { buildOpenApiDocument } from "@/lib/openapi/document";

const document = buildOpenApiDocument();

const matchers = allEndpoints.map((endpoint) => ({
  endpoint,
  pattern: new RegExp(`^${endpoint.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "[^/]+")}$`),
}));

function findEndpoint(method: string, apiPath: string): Endpoint | undefined {
  const path = apiPath.split("?")[0]!;
  return matchers.find((m) => m.endpoint.method === method && m.pattern.test(path))?.endpoint;
}

export class ContractViolation extends Error {
  name = "ContractViolation";
}

/** Throws ContractViolation when the response is not what the reference documents. */
export function checkAgainstContract(method: string, apiPath: string, status: number, contentType: string, body: unknown): void {
  const endpoint = findEndpoint(method, apiPath);
  if (!endpoint) return; // not an API route (e.g. a deliberate 404 probe)
  const where = `${method} /api${endpoint.path} → ${status}`;
  const documented = (document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[endpoint.path]?.[method.toLowerCase()];
  if (!documented?.responses[String(status)]) {
    throw new ContractViolation(`${where} is not a documented response (add it to the endpoint contract)`);
  }
  if (!contentType.includes("application/json")) return;
  const declared = endpoint.responses.find((r) => r.status === status);
  if (status >= 400) {
    const error = body as { error?: unknown };
    if (typeof error?.error !== "string") throw new ContractViolation(`${where}: error body is not { error, code?, field? }`);
    return;
  }
  if (!declared?.schema) return;
  const result = declared.schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
    throw new ContractViolation(`${where}: body does not match the documented schema: ${issues.join("; ")}`);
  }
}
