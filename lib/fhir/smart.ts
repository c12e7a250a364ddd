// SMART App Launch discovery: /.well-known/smart-configuration and the CapabilityStatement's
// security, built from the identity provider's OpenID configuration (its endpoints are the
// provider's; the scopes and capabilities are this service's, lib/auth/smart.ts).
import type { CapabilityStatementRestSecurity } from "@medplum/fhirtypes";
import { z } from "zod";
import { ApiError, notFound } from "@/lib/api/errors";
import { issuer } from "@/lib/auth/tokens";
import { env, isDevAuth } from "@/lib/env";

/** A fetched configuration is kept this long; a failure this long, so that an outage is not hammered. */
const TTL_MS = 5 * 60_000;
const FAILURE_TTL_MS = 10_000;
const FETCH_TIMEOUT_MS = 5_000;

const openIdConfigurationSchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  grant_types_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  userinfo_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
  introspection_endpoint: z.url().optional(),
});

type OpenIdConfiguration = z.infer<typeof openIdConfigurationSchema>;

const holder = globalThis as unknown as {
  __handOpenId?: { issuer: string; until: number; value: Promise<OpenIdConfiguration> };
};

const unavailable = () =>
  new ApiError(503, "The identity provider's OpenID configuration is unavailable; try again shortly", { headers: { "retry-after": "10" } });

async function fetchConfiguration(iss: string): Promise<OpenIdConfiguration> {
  let response: Response;
  try {
    response = await fetch(new URL(".well-known/openid-configuration", iss), {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: "error",
    });
  } catch {
    throw unavailable();
  }
  const parsed = openIdConfigurationSchema.safeParse(response.ok ? await response.json().catch(() => null) : null);
  if (!parsed.success) throw unavailable();
  return parsed.data;
}

/** The provider's OpenID configuration: cached, one fetch at a time; 404 without a provider, 503 when it cannot be read. */
export async function openIdConfiguration(): Promise<OpenIdConfiguration> {
  if (isDevAuth()) throw notFound("SMART on FHIR needs an identity provider: this server runs development auth (AUTH0_DOMAIN is unset)");
  const iss = issuer();
  const cached = holder.__handOpenId;
  if (cached?.issuer === iss && cached.until > Date.now()) return cached.value;
  const entry = { issuer: iss, until: Date.now() + TTL_MS, value: fetchConfiguration(iss) };
  holder.__handOpenId = entry;
  entry.value.catch(() => {
    entry.until = Date.now() + FAILURE_TTL_MS;
  });
  return entry.value;
}

/**
 * The scopes this service grants (lib/auth/smart.ts): v2 read and search on each type it serves,
 * read on Binary (a DiagnosticReport's PDF, read only), and the launch ones.
 */
export const SMART_SCOPES = [
  "openid",
  "fhirUser",
  "launch/patient",
  ...["patient", "user", "system"].flatMap((level) => [
    ...["*", "Patient", "Observation", "DiagnosticReport"].map((type) => `${level}/${type}.rs`),
    `${level}/Binary.r`,
  ]),
];

export const SMART_CAPABILITIES = [
  "launch-standalone",
  "client-public",
  "client-confidential-symmetric",
  "context-standalone-patient",
  "sso-openid-connect",
  "permission-v1",
  "permission-v2",
  "permission-patient",
  "permission-user",
];

const OUR_GRANTS = ["authorization_code", "client_credentials"];

/** GET /fhir/.well-known/smart-configuration (SMART App Launch 2.x). */
export async function smartConfiguration() {
  const idp = await openIdConfiguration();
  const grants = idp.grant_types_supported ? OUR_GRANTS.filter((grant) => idp.grant_types_supported!.includes(grant)) : OUR_GRANTS;
  return {
    issuer: idp.issuer,
    jwks_uri: idp.jwks_uri,
    authorization_endpoint: idp.authorization_endpoint,
    token_endpoint: idp.token_endpoint,
    ...(idp.token_endpoint_auth_methods_supported
      ? { token_endpoint_auth_methods_supported: idp.token_endpoint_auth_methods_supported }
      : {}),
    ...(idp.userinfo_endpoint ? { userinfo_endpoint: idp.userinfo_endpoint } : {}),
    ...(idp.revocation_endpoint ? { revocation_endpoint: idp.revocation_endpoint } : {}),
    ...(idp.introspection_endpoint ? { introspection_endpoint: idp.introspection_endpoint } : {}),
    grant_types_supported: grants,
    scopes_supported: SMART_SCOPES,
    response_types_supported: ["code"],
    code_challenge_methods_supported: ["S256"],
    capabilities: SMART_CAPABILITIES,
  };
}

const DESCRIPTION =
  "SMART on FHIR (App Launch 2.x): a bearer token of the service's identity provider; discovery at .well-known/smart-configuration. Tokens with SMART scopes read only the types they name (patient/ scopes: the token's patient; user/: the caller's access rule; system/: backend services). Tokens without them: patients read their own records, care providers the patients sharing with a clinic they belong to (any patient's when the server runs PATIENT_ACCESS=all-staff), admins any. metadata, CodeSystem and the discovery document need none.";

/** The CapabilityStatement's rest.security: the SMART service, and the provider's endpoints when it can be reached. */
export async function smartSecurity(): Promise<CapabilityStatementRestSecurity> {
  const idp = isDevAuth() ? null : await openIdConfiguration().catch(() => null);
  return {
    cors: env().FHIR_CORS_ORIGINS.length > 0,
    service: [
      {
        coding: [{ system: "http://terminology.hl7.org/CodeSystem/restful-security-service", code: "SMART-on-FHIR" }],
        text: "OAuth2 using SMART-on-FHIR profile",
      },
    ],
    ...(idp
      ? {
          extension: [
            {
              url: "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris",
              extension: [
                { url: "authorize", valueUri: idp.authorization_endpoint },
                { url: "token", valueUri: idp.token_endpoint },
                ...(idp.revocation_endpoint ? [{ url: "revoke", valueUri: idp.revocation_endpoint }] : []),
              ],
            },
          ],
        }
      : {}),
    description: DESCRIPTION,
  };
}
