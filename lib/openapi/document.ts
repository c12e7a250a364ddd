// The OpenAPI 3.1 document, generated from the endpoint contracts and their zod schemas:
// nothing here restates a field list.
import { z } from "zod";
import type { Endpoint, Guard } from "@/lib/api/endpoint";
import { env } from "@/lib/env";
import { wireTypes } from "@/lib/api/wire";
import * as arthritis from "@/lib/assessments/kinds/arthritis-contract";
import * as pain from "@/lib/assessments/kinds/pain-contract";
import * as assessments from "@/lib/assessments/schemas";
import { billingPlan, subscriptionStatus, subscriptionTier } from "@/lib/billing/schemas";
import { CLINIC_ROLES } from "@/lib/clinics/schemas";
import { JournalEntryType, LeadInterest, LeadType } from "@/lib/generated/prisma/enums.ts";
import { NDJSON_FORMATS } from "@/lib/fhir/bulk/schemas";
import { FHIR_SORTS, FHIR_SUMMARIES } from "@/lib/fhir/schemas";
import { readinessResponse } from "@/lib/health/schemas";
import { codeKind } from "@/lib/lookup/schemas";
import { allEndpoints } from "@/lib/openapi/catalog";
import {
  ATTENTION_GROUPS,
  ATTENTION_REASONS,
  DECLINE_REFERENCES,
  narrativeResponse,
  PATIENT_SORTS,
  REMEASURE_CAUSES,
  TEST_TRENDS,
  TRENDS,
} from "@/lib/patients/schemas";
import { REMINDER_INTERVALS } from "@/lib/reminders/intervals";
import { REMINDER_SETTERS } from "@/lib/reminders/schemas";
import { explanationSource, reportCreator, reportOwners } from "@/lib/report-view/schemas";
import { LIMIT_DESCRIPTIONS } from "@/lib/api/limits";
import { SERVICE_VERSION } from "@/lib/version";

type JsonSchema = Record<string, unknown>;

const errorBody = z.object({
  error: z.string().describe("What went wrong, in words"),
  code: z.string().optional().describe("Machine-readable reason, e.g. ALREADY_SUBSCRIBED"),
  field: z.string().optional().describe("The offending input field (dotted path)"),
});

/** What each group of operations is for; a tag an endpoint uses must be described here. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Health: "Liveness and readiness of the service and its database.",
  Assessments: "Submit scored assessments (range of motion, dexterity, pain, arthritis); each gets a six-character sharing code.",
  Lookup: "Read, claim and e-mail an assessment by its sharing code.",
  Patients: "Score histories and records of a signed-in patient, and the patient list care providers work from.",
  Journal: "A patient's journal: check-ins before and after assessments.",
  Clinics: "Clinics and their members: a clinician reads only the patients who share with one of their clinics (PATIENT_ACCESS=care-team).",
  Goals:
    "A patient's targets per test and metric (wrist extension 60°, QuickDASH at most 20), set by the patient or a clinician of a clinic they share with, with the metric's measurements.",
  Sharing: "A patient's own side: share the record with a clinic by its join code, stop sharing, and see who looked at the record.",
  Reminders:
    "Re-measure reminders by e-mail at 1, 2 or 4 weeks, chosen by the patient or their clinician; one-click unsubscribe (RFC 8058) without sign-in.",
  Reports: "Bundle up to 20 assessment codes into a report with a PDF, an e-mail and a plain-language explanation.",
  Biomechanics: "Forwarded to the biomechanics analysis service.",
  "Speech and voice": "Text to speech, and the voice session WebSocket (its messages: /api/asyncapi.json).",
  Billing: "Subscriptions through Stripe Checkout and the customer portal, and Stripe's webhook.",
  Leads: "The developer page's contact form.",
  Admin: "The audit trail of reads of patient data (administrators).",
  "FHIR R4": "Assessments as FHIR R4 Observations and DiagnosticReports for electronic health records (see docs/fhir.md).",
  Reference: "The machine-readable descriptions of this API: OpenAPI for the REST routes, AsyncAPI for the voice socket.",
};

const guardText: Record<string, string> = {
  none: "No authentication.",
  optional: "Optional bearer token: parsed when present, never rejected; links the result to the caller.",
  required: "Requires a valid bearer token (401 otherwise).",
};

function guardDescription(guard: Guard): string {
  return typeof guard === "object"
    ? `Requires a bearer token with one of the roles: ${guard.roles.join(", ")} (401/403 otherwise).`
    : guardText[guard]!;
}

function security(guard: Guard): Record<string, string[]>[] {
  if (guard === "none") return [];
  if (guard === "optional") return [{}, { bearerAuth: [] }];
  return [{ bearerAuth: [] }];
}

/**
 * The enumerations on the wire, by component name. Wherever a schema has one of these value
 * sets, the document refers to the component instead of repeating the values.
 */
const ENUMS: Record<string, readonly string[] | readonly number[]> = {
  AssessmentType: assessments.readAssessmentType.options,
  Hand: assessments.anyHand.options,
  ClinicRole: CLINIC_ROLES,
  ScoredHand: assessments.scoredHand.options,
  HandDigit: assessments.handDigit.options,
  DigitLocation: assessments.digitLocation.options,
  LightingQuality: assessments.lightingQuality.options,
  PainType: pain.painType.options,
  PainTimeOfDay: pain.painTimeOfDay.options,
  PainAssessmentMode: pain.painMode.options,
  PainAreaType: pain.painAreaType.options,
  ManagementStrategy: pain.managementStrategy.options,
  MorningStiffnessDuration: arthritis.morningStiffnessDuration.options,
  DifficultyLevel: arthritis.difficultyLevel.options,
  FunctionalTask: arthritis.functionalTask.options,
  SymptomOnset: arthritis.symptomOnset.options,
  SymptomSymmetry: arthritis.symptomSymmetry.options,
  ArthritisPattern: arthritis.arthritisPattern.options,
  JournalEntryType: Object.values(JournalEntryType),
  Trend: TRENDS,
  TestTrend: TEST_TRENDS,
  AttentionReason: ATTENTION_REASONS,
  AttentionGroup: ATTENTION_GROUPS,
  DeclineReference: DECLINE_REFERENCES,
  RemeasureCause: REMEASURE_CAUSES,
  PatientSort: PATIENT_SORTS,
  NarrativeSource: narrativeResponse.shape.source.options,
  ExplanationSource: explanationSource.options,
  ReportOwnership: reportOwners.shape.status.options,
  ReportCreator: reportCreator.options,
  SubscriptionTier: subscriptionTier.options,
  SubscriptionStatus: subscriptionStatus.options,
  BillingPlan: billingPlan.options,
  LeadType: Object.values(LeadType),
  LeadInterest: Object.values(LeadInterest),
  DatabaseKind: readinessResponse.shape.database.options,
  CodeKind: codeKind.options,
  FhirSummary: FHIR_SUMMARIES,
  FhirSort: FHIR_SORTS,
  BulkOutputFormat: NDJSON_FORMATS,
  ReminderInterval: REMINDER_INTERVALS,
  ReminderSetter: REMINDER_SETTERS,
};

const valueSetKey = (values: readonly unknown[]) => JSON.stringify([...values].map(String).sort());
const enumByValues = new Map(Object.entries(ENUMS).map(([name, values]) => [valueSetKey(values), name]));

/** One place per schema node decides how it is written (zod's `override` hook, run on every node). */
function overrideNode({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) {
  // A path or query string that carries an integer or a boolean is typed as such (lib/api/wire.ts).
  const wire = wireTypes.get(zodSchema);
  if (wire) {
    const { description } = jsonSchema;
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, wire, description === undefined ? {} : { description });
    return;
  }
  // A named enumeration: a reference to its component (siblings such as description and default stay).
  if (Array.isArray(jsonSchema.enum) && jsonSchema.enum.length > 1) {
    const name = enumByValues.get(valueSetKey(jsonSchema.enum));
    if (name) {
      delete jsonSchema.type;
      delete jsonSchema.enum;
      jsonSchema.$ref = `#/components/schemas/${name}`;
    }
    return;
  }
  // A union told apart by one member whose options are components (lib/assessments/records.ts):
  // OpenAPI's discriminator, so generated clients get a discriminated union.
  const { def } = zodSchema._zod as { def: { type: string; discriminator?: string; options?: z.core.$ZodType[] } };
  const options = jsonSchema.oneOf as JsonSchema[] | undefined;
  if (def.type === "union" && def.discriminator && options?.every((option) => typeof option.$ref === "string")) {
    const propertyName = def.discriminator;
    const mapping = Object.fromEntries(
      def.options!.flatMap((option, index) =>
        [...(option._zod.propValues?.[propertyName] ?? [])].map((value) => [String(value), options[index]!.$ref as string]),
      ),
    );
    jsonSchema.discriminator = { propertyName, mapping };
    return;
  }
  // Base64 (speech audio): said with JSON Schema's contentEncoding. zod's pattern for it makes a
  // backtracking regex engine (ajv's, Prism's) overflow its stack on a reply's worth of audio.
  if (jsonSchema.format === "base64") {
    delete jsonSchema.format;
    delete jsonSchema.pattern;
    jsonSchema.contentEncoding = "base64";
    return;
  }
  // A fixed-length list of one item type (ROM normalRange): items + minItems/maxItems, which every
  // OpenAPI tool reads, rather than prefixItems, which some misread.
  const prefixItems = jsonSchema.prefixItems as JsonSchema[] | undefined;
  if (prefixItems?.length && prefixItems.every((item) => JSON.stringify(item) === JSON.stringify(prefixItems[0]))) {
    delete jsonSchema.prefixItems;
    Object.assign(jsonSchema, { items: prefixItems[0], minItems: prefixItems.length, maxItems: prefixItems.length });
  }
}

/** zod → JSON Schema, with named definitions hoisted into components.schemas. */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12", override: overrideNode }) as JsonSchema;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  const rewrite = (value: JsonSchema) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, def] of Object.entries(defs)) {
    const written = rewrite(def);
    // One name, one schema: a component reached as input and as output must read the same.
    if (components[name] && JSON.stringify(components[name]) !== JSON.stringify(written)) {
      throw new Error(`component ${name} is written two ways (an input and an output form?): name them apart`);
    }
    components[name] = written;
  }
  return rewrite(json);
}

function objectProperties(schema: z.ZodType | undefined, components: Record<string, JsonSchema>) {
  if (!schema) return [];
  const json = toSchema(schema, "input", components);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, schema: property, required: required.has(name) }));
}

type Property = ReturnType<typeof objectProperties>[number];

function parameter(p: Property, where: "path" | "query" | "header") {
  return {
    name: p.name,
    in: where,
    required: where === "path" || p.required,
    schema: p.schema,
    // A repeatable parameter is sent once per value: date=ge2024-01-01&date=le2024-12-31.
    ...(where === "query" && p.schema.type === "array" ? { style: "form", explode: true } : {}),
    ...(typeof p.schema.description === "string" ? { description: p.schema.description } : {}),
    ...(p.schema.deprecated === true ? { deprecated: true } : {}),
  };
}

function parametersOf(definition: Endpoint, components: Record<string, JsonSchema>) {
  return [
    ...objectProperties(definition.params, components).map((p) => parameter(p, "path")),
    ...objectProperties(definition.query, components).map((p) => parameter(p, "query")),
    ...objectProperties(definition.headers, components).map((p) => parameter(p, "header")),
  ];
}

/** The responses the endpoint declares, by status; an error without a schema reads as the Error body. */
function declaredResponses(definition: Endpoint, components: Record<string, JsonSchema>): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const response of definition.responses) {
    const contentType = response.contentType ?? "application/json";
    const isError = response.status >= 400;
    const schema = response.schema
      ? toSchema(response.schema, "output", components)
      : isError
        ? { $ref: "#/components/schemas/Error" }
        : undefined;
    responses[String(response.status)] = {
      description: response.description,
      ...(schema || contentType !== "application/json"
        ? { content: { [contentType]: { schema: schema ?? { type: "string", format: "binary" } } } }
        : {}),
    };
  }
  return responses;
}

/** The errors any endpoint of its kind can answer: its guard's, the body's, and the server's own. */
function commonErrors(definition: Endpoint): [number, string][] {
  const authErrors: [number, string][] =
    definition.auth === "required"
      ? [[401, "Missing or invalid token"]]
      : typeof definition.auth === "object"
        ? [
            [401, "Missing or invalid token"],
            [403, "Insufficient permissions"],
          ]
        : [];
  const common: [number, string][] = [
    ...authErrors,
    [400, "Invalid request (at least a malformed URL, e.g. broken percent-encoding)"],
    [500, "Internal error"],
    [503, "A dependency (database, identity provider) is unavailable"],
  ];
  if (definition.body || definition.rawBody) common.push([413, "Request body too large"]);
  if (definition.body) common.push([415, "The body is not JSON (Content-Type must be application/json)"]);
  return common;
}

/** Adds the common errors and the abuse limit's 429 the endpoint does not declare itself. */
function addCommonErrors(responses: Record<string, unknown>, definition: Endpoint, components: Record<string, JsonSchema>): void {
  // A route family with its own error format (FHIR's OperationOutcome) answers every error in it.
  const ownError = definition.responses.find(
    (r) => r.status >= 400 && r.schema && (r.contentType ?? "application/json") !== "application/json",
  );
  const errorContent = ownError
    ? { [ownError.contentType!]: { schema: toSchema(ownError.schema!, "output", components) } }
    : { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  for (const [status, description] of commonErrors(definition)) {
    responses[String(status)] ??= { description, content: errorContent };
  }
  if (definition.limits?.length) {
    responses["429"] ??= {
      description: `Over an abuse limit (code RATE_LIMITED). Each request spends: ${definition.limits.map((kind) => LIMIT_DESCRIPTIONS[kind]).join("; ")}.`,
      headers: { "Retry-After": { description: "Seconds until a retry can succeed", schema: { type: "integer", minimum: 1 } } },
      content: errorContent,
    };
  }
}

/** The request body: a JSON body's schema, a raw (signed) body's bare description, or none. */
function requestBodyOf(definition: Endpoint, components: Record<string, JsonSchema>) {
  const example = definition.requestExample === undefined ? {} : { example: definition.requestExample };
  if (definition.body) {
    return {
      requestBody: {
        // An empty body reads as {}: when that is valid input, the body may be left out.
        required: !definition.body.safeParse({}).success,
        content: { "application/json": { schema: toSchema(definition.body, "input", components), ...example } },
      },
    };
  }
  if (definition.rawBody) {
    return {
      requestBody: {
        required: true,
        description: "Raw, unparsed body (verified by signature)",
        content: { "application/json": { schema: {}, ...example } },
      },
    };
  }
  return {};
}

function operation(definition: Endpoint, components: Record<string, JsonSchema>, site: string) {
  // Components are registered as they are met: parameters, responses, errors, then the body.
  const parameters = parametersOf(definition, components);
  const responses = declaredResponses(definition, components);
  addCommonErrors(responses, definition, components);
  return {
    operationId: definition.operationId,
    summary: definition.summary,
    description: definition.description ?? guardDescription(definition.auth),
    tags: [definition.tag],
    security: security(definition.auth),
    ...(typeof definition.auth === "object" ? { "x-roles": definition.auth.roles } : {}),
    ...(definition.upgrade
      ? {
          "x-upgrade": "websocket",
          externalDocs: { description: "The socket's messages (AsyncAPI 3.0)", url: `${site}/api/asyncapi.json` },
        }
      : {}),
    ...(parameters.length ? { parameters } : {}),
    ...requestBodyOf(definition, components),
    responses,
  };
}

export function buildOpenApiDocument(endpoints: Endpoint[] = allEndpoints) {
  const site = new URL(env().FRONTEND_URL).origin;
  const components: Record<string, JsonSchema> = { Error: toSchema(errorBody, "output", {}) };
  for (const [name, values] of Object.entries(ENUMS)) {
    components[name] = { type: typeof values[0] === "number" ? "integer" : "string", enum: [...values] };
  }
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const definition of [...endpoints].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[definition.path] ??= {};
    paths[definition.path]![definition.method.toLowerCase()] = operation(definition, components, site);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Hand Assessment API",
      version: SERVICE_VERSION,
      description:
        "Clinical hand-assessment service: submit scored assessments, share them by code, read histories, build reports. Outputs are not a medical diagnosis. Every error body is `{ error, code?, field? }`. A quick start with curl and how to get a token: /developers. The voice WebSocket's messages: the AsyncAPI document at /api/asyncapi.json.",
      contact: { name: "Developer relations (the contact form)", url: `${site}/developers` },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/api", description: "This server" }],
    tags: [...new Set(endpoints.map((e) => e.tag))].sort().map((name) => {
      const description = TAG_DESCRIPTIONS[name];
      if (!description) throw new Error(`tag "${name}" has no description in TAG_DESCRIPTIONS (lib/openapi/document.ts)`);
      return { name, description };
    }),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "RS256 access token from the identity provider (audience AUTH0_AUDIENCE)",
        },
      },
    },
  };
}
