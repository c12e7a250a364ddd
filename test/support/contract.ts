// Checks a response against the API reference, two independent ways, and fails (never skips)
// when it cannot:
// 1. the served document (/api/openapi.json of the server under test): the status must be
//    documented for the operation, the content type must be one documented for that status (or
//    no body when none is), and a JSON body must validate against the documented schema with
//    ajv's JSON Schema 2020-12 validator, which shares no code with zod;
// 2. the endpoint contracts themselves: a success body must parse with the contract's zod schema.
// apiClient runs it on every response, so every integration test checks the documentation as it
// goes; a call that deliberately leaves the API (a 404 probe, a malformed exchange) says
// `unchecked`.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Endpoint } from "@/lib/api/endpoint";
import { allEndpoints } from "@/lib/openapi/catalog";

export class ContractViolation extends Error {
  name = "ContractViolation";
}

type JsonSchema = Record<string, unknown>;
interface DocumentedResponse {
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Document {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string; schema: JsonSchema }[]; responses: Record<string, DocumentedResponse> }>
  >;
  components: { schemas: Record<string, JsonSchema> };
}

/** A documented path as a pattern: {param} is one segment, a catch-all (an array parameter) one or more. */
function pathPattern(path: string, catchAll: Set<string>): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => (catchAll.has(name) ? ".+" : "[^/]+"))}$`);
}

function findEndpoint(method: string, documentedPath: string): Endpoint | undefined {
  return allEndpoints.find((endpoint) => endpoint.method === method && endpoint.path === documentedPath);
}

const COMPONENTS_ID = "https://contract.invalid/components.json";
const isJson = (mediaType: string) => mediaType === "application/json" || mediaType.endsWith("+json");

/** A response checker for one served document. */
export function contractOf(document: Document) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // The AsyncAPI document may say format "base64" (not one of JSON Schema's formats). Checked by a
  // round trip, not a regular expression: a grouped base64 pattern overflows V8's regex stack on
  // a reply's worth of audio.
  ajv.addFormat("base64", { type: "string", validate: (value: string) => Buffer.from(value, "base64").toString("base64") === value });
  // OpenAPI's discriminator names the member that picks a oneOf's option; ajv validates the oneOf
  // itself, so the keyword is an annotation here (ajv's own support refuses a mapping).
  ajv.addKeyword({ keyword: "discriminator", schemaType: "object" });
  const local = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as JsonSchema;
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: local(document.components.schemas) });
  const validators = new Map<string, ValidateFunction>();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const catchAll = new Set((operation.parameters ?? []).filter((p) => p.in === "path" && p.schema.type === "array").map((p) => p.name));
      // The most specific match wins: a literal path, then one-segment parameters, then a catch-all.
      const rank = catchAll.size * 100 + (path.match(/\{/g)?.length ?? 0);
      return { path, method: method.toUpperCase(), operation, rank, pattern: pathPattern(path, catchAll) };
    }),
  );

  return function check(method: string, apiPath: string, status: number, contentType: string, body: unknown): void {
    const path = apiPath.split("?")[0]!;
    const documented = operations.filter((o) => o.method === method && o.pattern.test(path)).sort((a, b) => a.rank - b.rank)[0];
    if (!documented)
      throw new ContractViolation(`${method} /api${path} is no documented operation (a deliberate probe passes unchecked: true)`);
    const where = `${method} /api${documented.path} → ${status}`;
    const response = documented.operation.responses[String(status)];
    if (!response) throw new ContractViolation(`${where} is not a documented response (add it to the endpoint contract)`);

    const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
    const content = response.content ?? {};
    if (!Object.keys(content).length) {
      if (body !== "" && body !== undefined)
        throw new ContractViolation(`${where}: documented without a body, but one came (${mediaType || "no content type"})`);
      return;
    }
    const media = content[mediaType];
    if (!media)
      throw new ContractViolation(`${where}: content type ${mediaType || "(none)"} is not documented (${Object.keys(content).join(", ")})`);
    if (!isJson(mediaType)) return; // a PDF or audio body: its type is what the reference promises

    const key = `${documented.path} ${method} ${status} ${mediaType}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(local(media.schema ?? {}));
      validators.set(key, validate);
    }
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || "(body)"} ${e.message}`);
      throw new ContractViolation(
        `${where}: body does not validate against the served document (ajv, JSON Schema 2020-12): ${errors.join("; ")}`,
      );
    }

    const endpoint = findEndpoint(method, documented.path);
    if (!endpoint) throw new ContractViolation(`${where}: documented, but no endpoint contract has this path and method`);
    const declared = endpoint.responses.find((r) => r.status === status);
    if (status < 400 && declared?.schema) {
      const result = declared.schema.safeParse(body);
      if (!result.success) {
        const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
        throw new ContractViolation(`${where}: body does not match the contract's zod schema: ${issues.join("; ")}`);
      }
    }
  };
}

export type ContractCheck = ReturnType<typeof contractOf>;

const served = new Map<string, Promise<ContractCheck>>();

/** The checker for the document the server at `origin` serves (fetched once per server). */
export function contractFor(origin: string): Promise<ContractCheck> {
  let contract = served.get(origin);
  if (!contract) {
    contract = fetch(`${origin}/api/openapi.json`).then(async (response) => {
      if (response.status !== 200)
        throw new ContractViolation(`GET /api/openapi.json answered ${response.status}: no document to check against`);
      return contractOf((await response.json()) as Document);
    });
    served.set(origin, contract);
  }
  return contract;
}
