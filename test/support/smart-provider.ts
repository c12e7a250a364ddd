// A SMART-capable OpenID provider on loopback (the `oidc-provider` package): one registered
// public SMART app (PKCE required, no secret), SMART scopes for the API's audience granted as
// asked, and the patient context both in the access token (a `patient` claim, what the service
// reads) and in the token response (`patient`, what a SMART app reads). Logins are any name; a
// login's patient is whatever the test assigned to it with setPatient().
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import Provider from "oidc-provider";

export const SMART_AUDIENCE = "https://api.hand-assessment.smart";
export const SMART_CLIENT_ID = "smart-test-app";
const ROLES_CLAIM = "https://hand-assessment.app/roles";
/** Every scope the stand-in grants for the API (the service decides what each allows). */
const RESOURCE_SCOPES = ["*", "Patient", "Observation", "DiagnosticReport"].map((type) => `patient/${type}.rs`).join(" ");

export interface SmartProvider {
  issuer: string;
  /** Server variables that point the service at this provider. */
  env: Record<string, string>;
  /** The patient context a login's tokens carry. */
  setPatient(login: string, patientId: number): void;
  /** An API token for a login without SMART scopes (for seeding through the API). */
  apiToken(login: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSmartProvider(redirectUri: string): Promise<SmartProvider> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: "smart-key", alg: "RS256", use: "sig" };
  const patients = new Map<string, number>();
  const appOrigin = new URL(redirectUri).origin;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}/`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SMART_CLIENT_ID,
        token_endpoint_auth_method: "none",
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [privateJwk as never] },
    routes: { jwks: "/.well-known/jwks.json" },
    cookies: { keys: ["smart-cookie-key"] },
    scopes: ["openid", "fhirUser", "launch/patient"],
    claims: { openid: ["sub"], fhirUser: ["fhirUser"] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, ...fhirUser(id) }) };
    },
    features: {
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // SMART apps name the FHIR server, not an audience: every authorization is for the API.
        defaultResource: async () => SMART_AUDIENCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: RESOURCE_SCOPES,
          audience: SMART_AUDIENCE,
          accessTokenFormat: "jwt",
          accessTokenTTL: 3600,
          jwt: { sign: { alg: "RS256" } },
        }),
      },
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = (token as { accountId?: string }).accountId;
      if (!accountId) return undefined;
      const patient = patients.get(accountId);
      return { [ROLES_CLAIM]: ["patient"], ...(patient === undefined ? {} : { patient: String(patient) }) };
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => origin === appOrigin,
  });
  provider.proxy = false;
  // SMART's launch context: the token response names the patient the access token is for.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { access_token?: string } | undefined;
    if (ctx.path !== "/token" || typeof body?.access_token !== "string") return;
    const { patient } = decodeJwt(body.access_token);
    if (typeof patient === "string") ctx.body = { ...body, patient };
  });
  server.on("request", provider.callback());

  function fhirUser(login: string): Record<string, string> {
    const patient = patients.get(login);
    return patient === undefined ? {} : { fhirUser: `Patient/${patient}` };
  }

  async function apiToken(login: string): Promise<string> {
    const key = await importJWK(privateJwk, "RS256");
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ [ROLES_CLAIM]: ["patient"] })
      .setProtectedHeader({ alg: "RS256", kid: privateJwk.kid, typ: "at+jwt" })
      .setSubject(login)
      .setIssuer(issuer)
      .setAudience(SMART_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
  }

  return {
    issuer,
    env: {
      AUTH0_DOMAIN: `127.0.0.1:${port}`,
      AUTH0_ISSUER_BASE_URL: issuer,
      AUTH0_AUDIENCE: SMART_AUDIENCE,
      AUTH0_ROLES_CLAIM: ROLES_CLAIM,
    },
    setPatient: (login, patientId) => void patients.set(login, patientId),
    apiToken,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
