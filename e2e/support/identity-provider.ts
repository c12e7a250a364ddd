// A real OpenID provider on loopback (the `oidc-provider` package) standing in for Auth0: the
// web app signs in through it (authorization code + PKCE), and it issues RS256 JWT access
// tokens for the API's audience that the API verifies against its JWKS. Logins are any name;
// the name decides the roles: "provider-…" is a care provider, "admin-…" an admin, anything
// else a patient.
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import Provider from "oidc-provider";

export const AUDIENCE = "https://api.hand-assessment.e2e";
export const ROLES_CLAIM = "https://hand-assessment.app/roles";
export const CLIENT_ID = "hand-web";
export const CLIENT_SECRET = "hand-web-e2e-secret";

export function rolesFor(login: string): string[] {
  if (login.startsWith("provider-")) return ["care_provider"];
  if (login.startsWith("admin-")) return ["admin"];
  return ["patient"];
}

export function displayName(login: string): string {
  return login
    .split(/[-_]/)
    .filter((part) => part && !/^\d+$/.test(part))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}

/** The app's variables for signing in through the provider at `issuer` (and verifying its tokens). */
export function signInEnv(issuer: string): Record<string, string> {
  return {
    AUTH0_DOMAIN: new URL(issuer).host,
    AUTH0_ISSUER_BASE_URL: issuer,
    AUTH0_AUDIENCE: AUDIENCE,
    AUTH0_ROLES_CLAIM: ROLES_CLAIM,
    AUTH0_CLIENT_ID: CLIENT_ID,
    AUTH0_CLIENT_SECRET: CLIENT_SECRET,
  };
}

export interface RunningProvider {
  issuer: string;
  /** The private signing key (JWK), so the test run can mint API tokens for seeding. */
  privateJwk: JWK;
  close(): Promise<void>;
}

export async function startIdentityProvider(port: number, redirectUris: string[]): Promise<RunningProvider> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: "e2e-key", alg: "RS256", use: "sig" };
  const issuer = `http://127.0.0.1:${port}/`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [privateJwk as never] },
    // Auth0 publishes its key set here, and the API looks for it here.
    routes: { jwks: "/.well-known/jwks.json" },
    cookies: { keys: ["e2e-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "nickname"] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: `${id}@example.test`, email_verified: true, name: displayName(id), nickname: id }),
      };
    },
    features: {
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Auth0 clients name the API with `audience`, which oidc-provider does not know: every
        // authorization is for the API.
        defaultResource: async () => AUDIENCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: "api",
          audience: AUDIENCE,
          accessTokenFormat: "jwt",
          accessTokenTTL: 3600,
          jwt: { sign: { alg: "RS256" } },
        }),
      },
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = (token as { accountId?: string }).accountId;
      if (!accountId) return undefined;
      return { [ROLES_CLAIM]: rolesFor(accountId), email: `${accountId}@example.test`, email_verified: true, name: displayName(accountId) };
    },
    pkce: { required: () => true },
  });
  provider.proxy = false;

  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    issuer,
    privateJwk,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Signs an API access token with the provider's key (for seeding data through the API). */
export async function mintToken(privateJwk: JWK, issuer: string, login: string): Promise<string> {
  const { importJWK } = await import("jose");
  const key = await importJWK(privateJwk, "RS256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ [ROLES_CLAIM]: rolesFor(login), email: `${login}@example.test`, email_verified: true, name: displayName(login) })
    .setProtectedHeader({ alg: "RS256", kid: privateJwk.kid, typ: "at+jwt" })
    .setSubject(login)
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
}
