// Requests made from the served OpenAPI document alone (test/fuzz/document.test.ts): values a
// JSON Schema of the document accepts, generated with fast-check over the subset the document
// uses, and the same values with one of the schema's constraints broken. ajv (JSON Schema
// 2020-12, sharing no code with zod) is the judge of both: a generated value is sent only when
// ajv agrees it is valid, or, for a violation, invalid.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { isWellFormed } from "@/test/fuzz/arbitraries";

export type Schema = Record<string, any>;
export type Path = (string | number)[];

const COMPONENTS_ID = "https://document.invalid/components.json";

/** The document's schemas, resolved and judged: `$ref`s followed, values validated by ajv. */
export class SchemaJudge {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly compiled = new Map<Schema, ValidateFunction>();

  constructor(private readonly components: Record<string, Schema>) {
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: "discriminator", schemaType: "object" });
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: this.local(components) });
  }

  private local(schema: unknown): Schema {
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as Schema;
  }

  /** The schema a `$ref` names (followed until it is no reference). */
  resolve(schema: Schema): Schema {
    let current = schema;
    while (typeof current.$ref === "string") {
      const name = current.$ref.replace("#/components/schemas/", "");
      const { $ref: _ref, ...siblings } = current;
      current = { ...this.components[name], ...siblings };
    }
    return current;
  }

  valid(schema: Schema, value: unknown): boolean {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(this.local(schema));
      this.compiled.set(schema, validate);
    }
    return validate(value);
  }
}

const firstUnits = (value: string, max: number) => [...value].reduce((kept, c) => (kept.length + c.length > max ? kept : kept + c), "");

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  switch (schema.format) {
    case "email":
      return fc.constantFrom("a@example.com", "patient.one@example.org", "x+tag@mail.example.net");
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString());
    case "date":
      return fc
        .date({ min: new Date("1930-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "uuid":
      return fc.uuid();
    case "uri":
      return fc.constantFrom("https://example.com/a", "https://example.org/");
  }
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).map((s) => firstUnits(s, schema.maxLength ?? 200));
  }
  return fc
    .tuple(fc.constantFrom("a", "Z", "é", "日", "🙂"), fc.string({ unit: "grapheme", maxLength: Math.max(0, max - 2) }))
    .map(([first, rest]) => firstUnits((first + rest).replaceAll("\u0000", ""), Math.max(min, max)))
    .filter(isWellFormed);
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.5) : -1e6);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.5) : 1e6);
  if (integer)
    return fc.oneof(fc.integer({ min: Math.ceil(low), max: Math.floor(high) }), fc.constantFrom(Math.ceil(low), Math.floor(high)));
  return fc.oneof(
    fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
    fc.constantFrom(low, high),
  );
}

/** Values the schema accepts (ajv has the last word: the caller drops any it refuses). */
export function validValue(judge: SchemaJudge, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = judge.resolve(raw);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(judge, { ...branch }, depth)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => validValue(judge, { ...schema, type }, depth)));
  switch (schema.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "string":
      return stringArbitrary(schema);
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      const item = schema.items ? validValue(judge, schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      if (schema.contains && schema.maxContains !== undefined) {
        // At most maxContains items like `contains` (QuickDASH: one unanswered): the others are not, and one place may be.
        const other = item.filter((value) => !judge.valid(schema.contains, value));
        return fc
          .tuple(fc.array(other, { minLength, maxLength }), fc.nat(), item)
          .map(([items, place, value]) =>
            items.length && schema.maxContains > 0 && place % 2 ? items.map((v, i) => (i === place % items.length ? value : v)) : items,
          );
      }
      return fc.array(item, { minLength, maxLength });
    }
    case "object": {
      const required = new Set<string>(schema.required ?? []);
      const members = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([key, member]) => {
        const value = validValue(judge, member, depth + 1).map((v) => [key, v] as const);
        return required.has(key) ? value : fc.option(value, { nil: undefined, freq: 3 });
      });
      return fc.tuple(...members).map((entries) => Object.fromEntries(entries.filter((entry) => entry !== undefined)));
    }
    default:
      return depth > 2 ? fc.constant({}) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** One broken constraint: where, what it breaks, and the value with it broken. */
export interface Violation {
  path: Path;
  constraint: string;
  value: unknown;
}

const UNMATCHED = ["zz!", "0x", "-1", "~~", "ÿÿ", "A B", "999999999999", "Patient/x", "abc"];

function replaced(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(root) ? [...(root as unknown[])] : { ...(root as object) };
  if (rest.length === 0 && remove) delete copy[head!];
  else copy[head!] = replaced(copy[head!], rest, value, remove);
  return copy;
}

/**
 * Every single-constraint violation of `value` under `schema` the document makes possible: a
 * too-long or too-short string, a pattern, an enumeration or a format not met, a number out of
 * range, a fraction for an integer, a missing required member, an unknown member where none is
 * allowed, an array too long or too short, too many of what it may contain, a wrong type.
 */
export function violations(judge: SchemaJudge, raw: Schema, value: unknown, path: Path = [], root: unknown = value): Violation[] {
  const schema = judge.resolve(raw);
  const out: Violation[] = [];
  const put = (constraint: string, broken: unknown, at: Path = path) =>
    out.push({ path: at, constraint, value: replaced(root, at, broken) });
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (branches) {
    const matching = branches.find((branch) => judge.valid(branch, value));
    if (matching) out.push(...violations(judge, matching, value, path, root));
    return out;
  }
  if (schema.const !== undefined || Array.isArray(schema.enum)) {
    put(schema.const !== undefined ? "const" : "enum", typeof value === "number" ? 987654321 : "NOT_ONE_OF_THEM");
    return out;
  }
  switch (schema.type) {
    case "string": {
      if (typeof value !== "string") return out;
      if (schema.maxLength !== undefined) put("maxLength", "x".repeat(schema.maxLength + 1));
      if (schema.minLength) put("minLength", "");
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const miss = UNMATCHED.find((candidate) => !pattern.test(candidate));
        if (miss !== undefined) put("pattern", miss);
      }
      if (schema.format === "email") put("format", "not-an-address");
      if (schema.format === "date-time" || schema.format === "date") put("format", "2024-13-45");
      put("type", 12345);
      break;
    }
    case "integer":
    case "number": {
      if (typeof value !== "number") return out;
      if (schema.maximum !== undefined) put("maximum", schema.maximum + 1);
      if (schema.minimum !== undefined) put("minimum", schema.minimum - 1);
      if (schema.exclusiveMinimum !== undefined) put("exclusiveMinimum", schema.exclusiveMinimum);
      if (schema.type === "integer") put("integer", Math.floor(value) + 0.5);
      put("type", "not a number");
      break;
    }
    case "boolean":
      put("type", "yes");
      break;
    case "array": {
      if (!Array.isArray(value)) return out;
      if (schema.minItems) put("minItems", []);
      if (schema.maxItems !== undefined && value.length > 0)
        put(
          "maxItems",
          Array.from({ length: schema.maxItems + 1 }, (_, i) => value[i % value.length]),
        );
      if (schema.maxContains !== undefined && schema.contains) {
        const filler = schema.contains.type === "null" ? null : undefined;
        if (filler === null)
          put(
            "maxContains",
            value.map((item, i) => (i <= schema.maxContains ? null : item)),
          );
      }
      value.forEach((item, i) => schema.items && out.push(...violations(judge, schema.items, item, [...path, i], root)));
      put("type", "not a list");
      break;
    }
    case "object": {
      if (!value || typeof value !== "object" || Array.isArray(value)) return out;
      for (const key of schema.required ?? [])
        out.push({ path: [...path, key], constraint: "required", value: replaced(root, [...path, key], undefined, true) });
      if (schema.additionalProperties === false) put("additionalProperties", 1, [...path, "unexpectedMember"]);
      for (const [key, member] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (key in value) out.push(...violations(judge, member, (value as Record<string, unknown>)[key], [...path, key], root));
      }
      if (path.length > 0) put("type", "not an object");
      break;
    }
  }
  return out;
}
