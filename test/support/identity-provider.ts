// A loopback stand-in of the identity provider: serves a JWKS and an OpenID configuration (as
// Auth0 does; nothing answers at its endpoints) and signs RS256 access tokens.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

export const TEST_AUDIENCE = "https://api.hand-assessment.test";
export const ROLES_CLAIM = "https://hand-assessment.app/roles";

export interface TokenOptions {
  sub?: string;
  roles?: string[];
  email?: string;
  /** Adds `email_verified: true` (the provider vouches for `email`). */
  emailVerified?: boolean;
  name?: string;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Sign with a key the key set does not publish. */
  foreignKey?: boolean;
  /** The OAuth `scope` claim (e.g. a backend service's "system/*.rs"). */
  scope?: string;
  /** Leave these registered claims out (tokens the service must refuse). */
  omit?: ("exp" | "sub")[];
  /** More claims, e.g. SMART's scope and patient. */
  claims?: Record<string, unknown>;
}

export interface IdentityProvider {
  issuer: string;
  /** Server variables that point the service at this provider. */
  env: Record<string, string>;
  token(options?: TokenOptions): Promise<string>;
  close(): Promise<void>;
}

/** What the stand-in publishes at /.well-known/openid-configuration: Auth0's endpoint paths. */
export function openIdConfiguration(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}authorize`,
    token_endpoint: `${issuer}oauth/token`,
    jwks_uri: `${issuer}.well-known/jwks.json`,
    userinfo_endpoint: `${issuer}userinfo`,
    revocation_endpoint: `${issuer}oauth/revoke`,
    grant_types_supported: ["authorization_code", "implicit", "refresh_token", "client_credentials"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    response_types_supported: ["code"],
    code_challenge_methods_supported: ["S256", "plain"],
  };
}

let counter = 0;
/** A unique subject per call, so tests never share users. */
export function uniqueSub(prefix = "user"): string {
  return `test|${prefix}-${process.pid}-${Date.now()}-${++counter}`;
}

/** The keys a provider signs with: its published key, and one it does not publish (`foreignKey`). */
export interface SigningKeys {
  signing: CryptoKey;
  foreign: CryptoKey;
}

/** Signs access tokens as the stand-in at `issuer` (http://127.0.0.1:<port>/) does. */
export function tokenIssuer(issuer: string, keys: SigningKeys, close: () => Promise<void>): IdentityProvider {
  async function token(options: TokenOptions = {}): Promise<string> {
    const key = options.foreignKey ? keys.foreign : keys.signing;
    const now = Math.floor(Date.now() / 1000);
    const omit = new Set(options.omit ?? []);
    const jwt = new SignJWT({
      [ROLES_CLAIM]: options.roles ?? ["patient"],
      ...(options.email ? { email: options.email } : {}),
      ...(options.emailVerified ? { email_verified: true } : {}),
      ...(options.name ? { name: options.name } : {}),
      ...options.claims,
      ...(options.scope ? { scope: options.scope } : {}),
    })
      .setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "JWT" })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? TEST_AUDIENCE)
      .setIssuedAt(now - 5);
    if (!omit.has("sub")) jwt.setSubject(options.sub ?? uniqueSub());
    if (!omit.has("exp")) jwt.setExpirationTime(now + (options.expiresIn ?? 3600));
    return jwt.sign(key);
  }

  return {
    issuer,
    env: {
      AUTH0_DOMAIN: new URL(issuer).host,
      AUTH0_ISSUER_BASE_URL: issuer,
      AUTH0_AUDIENCE: TEST_AUDIENCE,
      AUTH0_ROLES_CLAIM: ROLES_CLAIM,
    },
    token,
    close,
  };
}

/**
 * Starts the stand-in on a free port. `extractable`: its keys can be exported, for the run's
 * shared provider whose tokens every test process signs (test/support/shared-server.ts).
 */
export async function startIdentityProvider(options: { extractable?: boolean } = {}): Promise<IdentityProvider & { keys: SigningKeys }> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: options.extractable });
  const foreign = await generateKeyPair("RS256", { extractable: options.extractable });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const server: Server = createServer((req, res) => {
    if (req.url === "/.well-known/jwks.json") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (req.url === "/.well-known/openid-configuration") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(openIdConfiguration(issuer)));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}/`;
  const keys = { signing: privateKey, foreign: foreign.privateKey };
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { ...tokenIssuer(issuer, keys, close), keys };
}
