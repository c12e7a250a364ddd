// The SMART discovery endpoint's contract (lib/fhir/smart.ts builds the document).
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { outcome } from "@/lib/fhir/schemas";

const url = z.url();

const smartConfiguration = z
  .object({
    issuer: z.string().describe("The identity provider's issuer (ID tokens are verified against it)"),
    jwks_uri: url,
    authorization_endpoint: url,
    token_endpoint: url,
    token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
    userinfo_endpoint: url.optional(),
    revocation_endpoint: url.optional(),
    introspection_endpoint: url.optional(),
    grant_types_supported: z.array(z.string()).describe("authorization_code (apps), client_credentials (backend services)"),
    scopes_supported: z.array(z.string()).describe("SMART v2 scopes this service grants, and the launch scopes"),
    response_types_supported: z.array(z.literal("code")),
    code_challenge_methods_supported: z.array(z.literal("S256")),
    capabilities: z.array(z.string()).describe("SMART capabilities, e.g. launch-standalone, client-public, permission-v2"),
  })
  .describe("SMART App Launch 2.x configuration: the identity provider's endpoints with this service's scopes and capabilities");

export const fhirSmartConfigurationEndpoint = endpoint({
  method: "GET",
  path: "/fhir/.well-known/smart-configuration",
  operationId: "getSmartConfiguration",
  summary: "SMART on FHIR discovery: how a SMART app signs in to read this FHIR API",
  tag: "FHIR R4",
  auth: "none",
  responses: [
    { status: 200, description: "The SMART configuration", schema: smartConfiguration },
    outcome(404, "No identity provider is configured (development auth)"),
    outcome(500, "Internal error"),
    outcome(503, "The identity provider's OpenID configuration cannot be read"),
  ],
});
