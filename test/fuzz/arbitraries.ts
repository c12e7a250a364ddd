// fast-check arbitraries for the fuzz tests: valid values generated from the endpoints' own zod
// schemas (through zod's JSON Schema export, walked here), and hostile values and bodies.
import { randomInt } from "node:crypto";
import fc from "fast-check";
import { z } from "zod";

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

/**
 * Seeds that once found a defect (a generator's or the service's) stay in the default run, so a
 * plain `npm test` is the same run every time and a fresh seed never turns a newcomer's run red.
 * 1506368656: a sliced emoji left an unpaired surrogate in a "valid" ARTHRITIS text.
 */
export const FIXED_SEED = 1506368656;

/**
 * The run's seed: FUZZ_SEED when given; a fresh one with FUZZ_FRESH=1 (CI's embedded pass); the
 * fixed seed otherwise. Printed at the start of every fuzz file, so any failure is replayed with
 * FUZZ_SEED=<seed> npm test -- <file>. A defect a fresh seed finds gets its own test once fixed.
 */
export const FUZZ_SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.FUZZ_FRESH === "1"
    ? randomInt(2 ** 31)
    : FIXED_SEED;
console.log(`# fuzz seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED})`);

export interface ValidOptions {
  /** Longest generated string (schemas allow thousands of characters; fuzzing needs fewer). */
  maxStringLength?: number;
  /** Longest generated array or record. */
  maxItems?: number;
  /** Chance that an optional member is present (0-1); absent otherwise. */
  optionalPresence?: number;
  /** Let optional members also be null (the schemas accept null as "not given"). */
  nullForOptional?: boolean;
}

/** Well-formed text: any Unicode scalar value except NUL (PostgreSQL text cannot hold it). */
export const text = (maxLength: number) => fc.string({ unit: "grapheme", maxLength }).filter((s) => !s.includes("\u0000"));

function stringArbitrary(schema: JsonSchema, options: Required<ValidOptions>): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? options.maxStringLength, options.maxStringLength));
  switch (schema.format) {
    case "email":
      return fc.constantFrom("a@example.com", "patient.one@example.org", "x+tag@mail.example.net");
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
    case "uuid":
      return fc.uuid();
    case "uri":
      return fc.constantFrom("https://example.com/a", "https://example.org/");
  }
  if (schema.pattern)
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => isWellFormed(s) && s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  // Trimmed-non-empty strings are common (".trim().min(1)"): keep a visible first character.
  return fc
    .tuple(fc.constantFrom("a", "Z", "é", "日", "🙂"), text(Math.max(0, max - 2)))
    .map(([first, rest]) => firstCodeUnits(first + rest, Math.max(min, max)));
}

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether text is well-formed UTF-16 (String.prototype.isWellFormed is newer than this project's lib setting). */
export const isWellFormed = (value: string) => !UNPAIRED_SURROGATE.test(value);

/**
 * At most `limit` UTF-16 code units (what zod's max length counts) without splitting a surrogate
 * pair: a plain slice can cut an emoji in half, and an unpaired surrogate is invalid input.
 */
export function firstCodeUnits(value: string, limit: number): string {
  let kept = "";
  for (const codePoint of value) {
    if (kept.length + codePoint.length > limit) break;
    kept += codePoint;
  }
  return kept;
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON * 8) : undefined);
  const upper =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON * 8) : undefined);
  if (integer) {
    return fc.integer({
      min: Math.max(lower ?? -(2 ** 31), Number.MIN_SAFE_INTEGER),
      max: Math.min(upper ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER),
    });
  }
  const min = lower ?? -1e6;
  const max = upper ?? 1e6;
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
    fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e6)) }),
    fc.constantFrom(min, max),
  );
}

function fromJsonSchema(schema: JsonSchema, options: Required<ValidOptions>): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const usable = options.nullForOptional ? variants : variants.filter((v) => v.type !== "null");
    return fc.oneof(...(usable.length ? usable : variants).map((v) => fromJsonSchema(v, options)));
  }
  if (schema.allOf) return fromJsonSchema(Object.assign({}, ...schema.allOf), options);
  if (Array.isArray(schema.type)) {
    const types = options.nullForOptional ? schema.type : schema.type.filter((t) => t !== "null");
    return fc.oneof(...types.map((type) => fromJsonSchema({ ...schema, type }, options)));
  }
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
      return stringArbitrary(schema, options);
    case "array": {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => fromJsonSchema(item, options)));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? options.maxItems, options.maxItems));
      return fc.array(schema.items ? fromJsonSchema(schema.items, options) : fc.jsonValue({ maxDepth: 1 }), { minLength, maxLength });
    }
    case "object": {
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        const members = Object.entries(schema.properties).map(([key, member]) => {
          const value = fromJsonSchema(member, options);
          if (required.has(key)) return value.map((v) => [key, v] as const);
          return fc
            .option(value, { freq: Math.round(1 / Math.max(0.01, 1 - options.optionalPresence)), nil: undefined })
            .map((v) => [key, v] as const);
        });
        return fc.tuple(...members).map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== undefined)));
      }
      if (
        schema.additionalProperties &&
        typeof schema.additionalProperties === "object" &&
        Object.keys(schema.additionalProperties).length
      ) {
        const keys = schema.propertyNames
          ? (stringArbitrary(schema.propertyNames, options) as fc.Arbitrary<string>)
          : fc.string({ minLength: 1, maxLength: 20 });
        return fc.dictionary(keys, fromJsonSchema(schema.additionalProperties, options), { maxKeys: Math.min(options.maxItems, 5) });
      }
      return fc.constant({});
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values the schema accepts (apart from refinements JSON Schema cannot express). */
export function validFor(schema: z.ZodType, options: ValidOptions = {}): fc.Arbitrary<unknown> {
  const jsonSchema = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return fromJsonSchema(jsonSchema, {
    maxStringLength: options.maxStringLength ?? 40,
    maxItems: options.maxItems ?? 4,
    optionalPresence: options.optionalPresence ?? 0.7,
    nullForOptional: options.nullForOptional ?? true,
  });
}

/** The member names of an object schema (query parameters, body fields). */
export function memberNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const jsonSchema = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return Object.keys(jsonSchema.properties ?? {});
}

// ---------- hostile input ----------

/**
 * Raw JSON text that JSON.stringify cannot produce: a string value equal to one of these keys
 * is replaced by the raw text after serialization (numbers beyond double range, deep nesting).
 */
export const RAW_TOKENS: Record<string, string> = {
  "@@raw:1e999": "1e999",
  "@@raw:-1e999": "-1e999",
  "@@raw:bigint": "123456789012345678901234567890123456789",
  "@@raw:tiny": "1e-400",
  "@@raw:deep-array": "[".repeat(20_000) + "]".repeat(20_000),
  "@@raw:deep-object": '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000),
  "@@raw:lone-surrogate": '"\\ud800 lone"',
  "@@raw:nul": '"a\\u0000b"',
};

export function serialize(value: unknown): string {
  let json = JSON.stringify(value) ?? "null";
  for (const [token, raw] of Object.entries(RAW_TOKENS)) json = json.split(JSON.stringify(token)).join(raw);
  return json;
}

/** Awkward scalar values: huge and tiny numbers, NaN-like strings, control characters, long and unusual text. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    -(2 ** 53),
    1e21,
    5e-324,
    -0,
    0.1,
    1.5,
    -1,
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "0x1F",
    "",
    " ",
    "null",
    "true",
    "[]",
    "{}",
    "-0",
    "١٢٣",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff\ud800",
    "\u202e\u200b",
    "'; DROP TABLE assessments; --",
    "%00",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "${jndi:ldap://x}",
    "🧑‍⚕️".repeat(300),
    "x".repeat(70_000),
    "ℵ".repeat(5_000),
    true,
    false,
    null,
    [],
    {},
    ...Object.keys(RAW_TOKENS),
  ),
  fc.integer(),
  fc.double(),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: fc.constantFrom("\u0000", "\u0001", "\u007f", "\u2028", "\ufeff", "\ud83d", "a"), maxLength: 20 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 4 }) },
);

type Path = (string | number)[];

function paths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (value && typeof value === "object") {
    for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
      const path = [...prefix, Array.isArray(value) ? Number(key) : key];
      out.push(path);
      paths(member, path, out);
    }
  }
  return out;
}

function withValueAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  copy[head as any] = withValueAt(copy[head as any], rest, value);
  return copy;
}

/** A valid value with one member (or a new, unknown one) replaced by a hostile value. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      hostileValue,
      fc.nat({ max: 9 }),
      fc.constantFrom("extra", "__proto__", "constructor", "id", "ownerId", "isAnonymous"),
    )
    .map(([base, pick, hostile, mode, newKey]) => {
      const candidates = paths(base);
      if (mode === 0 || candidates.length === 0)
        return base && typeof base === "object" && !Array.isArray(base) ? { ...base, [newKey]: hostile } : hostile;
      return withValueAt(base, candidates[pick % candidates.length]!, hostile);
    });
}

/** Whole bodies that are not what any route expects. */
export const hostileBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  hostileValue,
  fc.constantFrom<unknown>([], [{}], { "": "" }, { __proto__: { admin: true } }, "@@raw:deep-array", "@@raw:deep-object"),
);

/** Request body text that is not JSON at all, or barely. */
export const malformedText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "{",
    "}",
    "[",
    '{"a":}',
    "NaN",
    "Infinity",
    "undefined",
    "{'a':1}",
    "\u0000",
    "\ufeff{}",
    '{"a":1,}',
    "[".repeat(100_000),
    "1e999",
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
);

/** A path segment: valid-looking values of the route plus garbage, percent-encoded or deliberately raw. */
export function pathSegment(valid: readonly string[]): fc.Arbitrary<string> {
  const garbage = fc.oneof(
    fc.constantFrom(
      "0",
      "-1",
      "1.5",
      "1e5",
      "NaN",
      "Infinity",
      "null",
      "undefined",
      "9".repeat(40),
      "2147483648",
      "9007199254740993",
      "x".repeat(3000),
      " ",
      "ABC-234",
      "abc234",
      "AAAAAA",
      "III-000",
      "日本語",
      "🙂",
    ),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
    fc.integer().map(String),
  );
  const encoded = fc
    .oneof({ weight: 3, arbitrary: valid.length ? fc.constantFrom(...valid) : garbage }, { weight: 4, arbitrary: garbage })
    .map((s) => encodeURIComponent(s));
  const raw = fc.constantFrom("%", "%zz", "%00", "%ED%A0%80", "%C0%AF", "%E0%A4%A", "..", ".", "%2e%2e", "%2F");
  return fc.oneof({ weight: 8, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** A generated ROM input's joints with their angles ordered and rom their difference, as the joint schema requires (lib/assessments/goniometry.ts). */
export function consistentRomJoints<T extends { joints?: unknown }>(input: T): T {
  if (!Array.isArray(input.joints)) return input;
  const joints = input.joints.map((joint: Record<string, unknown>) => {
    if (typeof joint.minAngle !== "number" || typeof joint.maxAngle !== "number") return joint;
    const minAngle = Math.min(joint.minAngle, joint.maxAngle);
    const maxAngle = Math.min(Math.max(joint.minAngle, joint.maxAngle), minAngle + 360);
    return { ...joint, minAngle, maxAngle, ...(typeof joint.rom === "number" ? { rom: maxAngle - minAngle } : {}) };
  });
  return { ...input, joints };
}
