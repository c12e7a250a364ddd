// The API reference, rendered on the server from the OpenAPI document /api/openapi.json serves:
// plain HTML with no script, no outside request and nothing but this API in it. Its frame is in
// the reader's language; the document's own summaries and descriptions are English.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui";

type Json = { [key: string]: unknown };

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Json;
}
interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Json[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content: Record<string, { schema?: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Json }> }>;
  externalDocs?: { description?: string; url: string };
  "x-roles"?: string[];
}
export interface ReferenceDocument {
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const schemaList = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : []);
const componentName = (ref: string) => ref.replace("#/components/schemas/", "");
const anchor = (name: string) => `schema-${name}`;

type Words = ReturnType<typeof useTranslations<"developers.api">>;

function TypeOf({ schema }: { schema: Json }): ReactNode {
  const t = useTranslations("developers.api");
  if (typeof schema.$ref === "string") {
    const name = componentName(schema.$ref);
    return (
      <a href={`#${anchor(name)}`} className="text-teal-800 underline underline-offset-2">
        {name}
      </a>
    );
  }
  const union = schemaList(schema.anyOf).length ? schemaList(schema.anyOf) : schemaList(schema.oneOf);
  if (union.length) {
    return union.map((option, i) => (
      <span key={i}>
        {i > 0 && t("or")}
        <TypeOf schema={option} />
      </span>
    ));
  }
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  if (Array.isArray(schema.enum)) return <span>{t("oneOf", { values: schema.enum.map((v) => JSON.stringify(v)).join(", ") })}</span>;
  const types = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === "string" ? [schema.type] : [];
  if (types.includes("array") && isJson(schema.items)) {
    return (
      <span>
        {t("listOf")}
        <TypeOf schema={schema.items} />
        {types.includes("null") && t("orNull")}
      </span>
    );
  }
  return <span>{types.length ? types.join(t("or")) : t("any")}</span>;
}

const CONSTRAINTS = ["format", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "pattern", "default"] as const;

function constraintsOf(schema: Json, t: Words): string[] {
  const out: string[] = [];
  for (const key of CONSTRAINTS) {
    const value = schema[key];
    if (value === undefined) continue;
    const n = typeof value === "string" && key !== "pattern" ? JSON.stringify(value) : String(value);
    if (key === "format") out.push(String(value));
    else if (key === "minimum") out.push(`≥ ${n}`);
    else if (key === "maximum") out.push(`≤ ${n}`);
    else if (key === "pattern" && String(value).length > 60) out.push(t("longPattern"));
    else out.push(t(key, { n }));
  }
  return out;
}

/** The object a schema describes, looking through a nullable union and a list. */
function objectOf(schema: Json): Json | null {
  if (isJson(schema.properties)) return schema;
  for (const option of [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)]) {
    const found = objectOf(option);
    if (found) return found;
  }
  if (isJson(schema.items)) return objectOf(schema.items);
  return null;
}

function Fields({ schema, depth = 0 }: { schema: Json; depth?: number }): ReactNode {
  const t = useTranslations("developers.api");
  const variants = schemaList(schema.oneOf).length
    ? schemaList(schema.oneOf)
    : schemaList(schema.anyOf).filter((s) => isJson(s.properties));
  if (!isJson(schema.properties) && variants.length > 1) {
    return (
      <ol className="list-decimal space-y-2 pl-5">
        {variants.map((variant, i) => (
          <li key={i}>
            <p className="text-slate-700">{t("oneForm")}</p>
            <Fields schema={variant} depth={depth} />
          </li>
        ))}
      </ol>
    );
  }
  const object = objectOf(schema);
  if (!object || !isJson(object.properties)) {
    return (
      <p className="text-slate-700">
        <TypeOf schema={schema} />
        {constraintsOf(schema, t).length > 0 && `: ${constraintsOf(schema, t).join(", ")}`}
      </p>
    );
  }
  const required = new Set(Array.isArray(object.required) ? object.required.map(String) : []);
  return (
    <ul className={depth ? "mt-1 space-y-1 border-l border-slate-200 pl-3" : "space-y-1"}>
      {Object.entries(object.properties).map(([name, value]) => {
        const property = isJson(value) ? value : {};
        const nested = depth < 4 ? objectOf(property) : null;
        return (
          <li key={name} className="text-sm">
            <code className="font-semibold text-slate-900">{name}</code>{" "}
            <span className="text-slate-700">
              <TypeOf schema={property} />
              {required.has(name) ? t("required") : t("optional")}
              {constraintsOf(property, t).length > 0 && `; ${constraintsOf(property, t).join(", ")}`}
            </span>
            {typeof property.description === "string" && <span className="block text-slate-700">{property.description}</span>}
            {nested && <Fields schema={nested} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

function Body({ content }: { content?: Record<string, { schema?: Json }> }): ReactNode {
  const t = useTranslations("developers.api");
  if (!content) return null;
  return Object.entries(content).map(([type, media]) => (
    <div key={type} className="mt-1">
      <p className="text-xs text-slate-700">
        <code>{type}</code>
      </p>
      {media.schema && type.includes("json") ? (
        <Fields schema={media.schema} />
      ) : (
        <p className="text-sm text-slate-700">{type.includes("json") ? "JSON" : t("file")}</p>
      )}
    </div>
  ));
}

const METHOD_TONE: Record<string, "teal" | "amber" | "slate"> = { get: "teal", post: "amber" };

function OperationView({ path, method, operation }: { path: string; method: string; operation: Operation }) {
  const t = useTranslations("developers.api");
  const named = `${method.toUpperCase()} /api${path}`;
  return (
    <section id={operation.operationId} className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-base text-slate-900">
        <Badge tone={METHOD_TONE[method] ?? "slate"}>{method.toUpperCase()}</Badge>
        <span className="break-all">/api{path}</span>
      </h3>
      <p className="mt-2 font-medium text-slate-900">{operation.summary}</p>
      <p className="mt-1 text-sm text-slate-700">{operation.description}</p>
      {operation.externalDocs && (
        <p className="mt-1 text-sm">
          <a href={new URL(operation.externalDocs.url).pathname} className="text-teal-800 underline underline-offset-2">
            {operation.externalDocs.description ?? t("more")}
          </a>
        </p>
      )}
      {operation.parameters?.length ? <ParametersTable parameters={operation.parameters} named={named} /> : null}
      {operation.requestBody && <RequestBody requestBody={operation.requestBody} />}
      <Responses responses={operation.responses} />
    </section>
  );
}

function ParametersTable({ parameters, named }: { parameters: Parameter[]; named: string }) {
  const t = useTranslations("developers.api");
  return (
    // Focusable, so that a keyboard can scroll a table wider than a phone (long parameter names).
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t("parametersOf", { operation: named })}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("parametersOf", { operation: named })}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            <th scope="col" className="py-1 pr-3 font-semibold">
              {t("parameter")}
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              {t("in")}
            </th>
            <th scope="col" className="py-1 font-semibold">
              {t("type")}
            </th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={parameter.in + parameter.name} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-1 pr-3 font-mono font-semibold text-slate-900">
                {parameter.name}
              </th>
              <td className="py-1 pr-3 text-slate-700">
                {parameter.in}
                {parameter.required ? t("required") : ""}
              </td>
              <td className="py-1 text-slate-700">
                <TypeOf schema={parameter.schema} />
                {constraintsOf(parameter.schema, t).length > 0 && `; ${constraintsOf(parameter.schema, t).join(", ")}`}
                {parameter.description && <span className="block">{parameter.description}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequestBody({ requestBody }: { requestBody: NonNullable<Operation["requestBody"]> }) {
  const t = useTranslations("developers.api");
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">
        {requestBody.required ? t("requestBody") : t("requestBodyOptional")}
      </summary>
      {requestBody.description && <p className="text-sm text-slate-700">{requestBody.description}</p>}
      <Body content={requestBody.content} />
    </details>
  );
}

/** Each status with its description; a body only for successes (errors share the Error schema). */
function Responses({ responses }: { responses: Operation["responses"] }) {
  const t = useTranslations("developers.api");
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">
        {t("responses", { statuses: Object.keys(responses).join(", ") })}
      </summary>
      <dl className="mt-1 space-y-2">
        {Object.entries(responses).map(([status, response]) => (
          <div key={status}>
            <dt className="text-sm font-semibold text-slate-900">{status}</dt>
            <dd className="text-sm text-slate-700">
              {response.description}
              {Number(status) < 400 && <Body content={response.content} />}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type Tag = ReferenceDocument["tags"][number];
type Located = { path: string; method: string; operation: Operation };

const tagId = (name: string) => `tag-${name.replace(/\W+/g, "-")}`;

export function ApiReference({ document }: { document: ReferenceDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const enums = Object.entries(document.components.schemas).filter(([, schema]) => Array.isArray(schema.enum));
  const error = document.components.schemas.Error;
  // Most readers come for submitting results: the reference opens on Assessments.
  const tags = [...document.tags].sort((a, b) => Number(b.name === "Assessments") - Number(a.name === "Assessments"));
  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_1fr]">
      <ReferenceNav tags={tags} />
      <div className="min-w-0 space-y-10">
        {tags.map((tag) => (
          <TagSection key={tag.name} tag={tag} operations={operations.filter(({ operation }) => operation.tags.includes(tag.name))} />
        ))}
        <ErrorsSection error={error} />
        <EnumerationsSection enums={enums} />
      </div>
    </div>
  );
}

function ReferenceNav({ tags }: { tags: Tag[] }) {
  const t = useTranslations("developers.api");
  return (
    <nav aria-label={t("sections")} className="lg:sticky lg:top-4 lg:self-start">
      <ul className="space-y-1 text-sm">
        {tags.map((tag) => (
          <li key={tag.name}>
            <a href={`#${tagId(tag.name)}`} className="text-teal-800 underline underline-offset-2">
              {tag.name}
            </a>
          </li>
        ))}
        <li>
          <a href="#errors" className="text-teal-800 underline underline-offset-2">
            {t("errors")}
          </a>
        </li>
        <li>
          <a href="#enumerations" className="text-teal-800 underline underline-offset-2">
            {t("enumerations")}
          </a>
        </li>
      </ul>
    </nav>
  );
}

function TagSection({ tag, operations }: { tag: Tag; operations: Located[] }) {
  return (
    <section aria-labelledby={tagId(tag.name)} className="space-y-3">
      <h2 id={tagId(tag.name)} className="scroll-mt-4 text-xl font-semibold text-slate-900">
        {tag.name}
      </h2>
      <p className="text-slate-700">{tag.description}</p>
      {operations.map(({ path, method, operation }) => (
        <OperationView key={method + path} path={path} method={method} operation={operation} />
      ))}
    </section>
  );
}

function ErrorsSection({ error }: { error: Json | undefined }) {
  const t = useTranslations("developers.api");
  return (
    <section aria-labelledby="errors" className="space-y-3">
      <h2 id="errors" className="scroll-mt-4 text-xl font-semibold text-slate-900">
        {t("errors")}
      </h2>
      <p className="text-slate-700">{t("errorBody")}</p>
      {error && <Fields schema={error} />}
    </section>
  );
}

function EnumerationsSection({ enums }: { enums: [string, Json][] }) {
  const t = useTranslations("developers.api");
  return (
    <section aria-labelledby="enumerations" className="space-y-3">
      <h2 id="enumerations" className="scroll-mt-4 text-xl font-semibold text-slate-900">
        {t("enumerations")}
      </h2>
      <dl className="space-y-2">
        {enums.map(([name, schema]) => (
          <div key={name} id={anchor(name)} className="scroll-mt-4">
            <dt className="font-mono font-semibold text-slate-900">{name}</dt>
            <dd className="break-words font-mono text-sm text-slate-700">
              {Array.isArray(schema.enum) && schema.enum.map(String).join(", ")}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
