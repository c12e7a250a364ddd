// Issue 23, row 9 (web-session tokens): the next-auth adapter stored the identity provider's
// access, refresh and ID tokens in plain text in auth_accounts, so anyone reading a backup or
// the table could call the API as every signed-in user. Only the access token is kept (the
// pages call the API with it), encrypted with a key derived from NEXTAUTH_SECRET; the rest is
// never stored.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import type { TestDatabase } from "@/test/support/database";

const ACCESS = "eyJhbGciOiJSUzI1NiJ9.access-token-payload.signature";
const REFRESH = "refresh-token-that-must-not-be-stored";
const ID_TOKEN = "eyJhbGciOiJSUzI1NiJ9.id-token-payload.signature";

Object.assign(process.env, {
  AUTH0_DOMAIN: "tenant.example",
  AUTH0_AUDIENCE: "https://api.hand-assessment.test",
  AUTH0_CLIENT_ID: "client",
  AUTH0_CLIENT_SECRET: "client-secret",
  NEXTAUTH_URL: "https://hands.example",
  NEXTAUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
});

let database: TestDatabase;
before(async () => {
  database = await useFreshDatabase();
});
after(async () => {
  await dropDatabase(database);
});

test("the adapter keeps only the access token, and only encrypted", async () => {
  const { accountAdapter, storedAccessToken } = await import("@/lib/web/accounts");
  const { db } = await import("@/lib/db");
  const adapter = accountAdapter();
  const user = await adapter.createUser!({ id: "", email: "someone@example.com", emailVerified: null, name: "Someone" });
  await adapter.linkAccount!({
    userId: user.id,
    type: "oauth",
    provider: "auth0",
    providerAccountId: "auth0|someone",
    access_token: ACCESS,
    refresh_token: REFRESH,
    id_token: ID_TOKEN,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: "bearer",
    scope: "openid email profile",
  });
  const [row] = await db().$queryRaw<{ access_token: string | null; refresh_token: string | null; id_token: string | null }[]>`
    SELECT access_token, refresh_token, id_token FROM auth_accounts WHERE user_id = ${user.id}`;
  assert.ok(row);
  assert.equal(row.refresh_token, null);
  assert.equal(row.id_token, null);
  assert.ok(row.access_token && !row.access_token.includes("access-token-payload"), "the access token is not stored in clear");
  assert.equal(await storedAccessToken(user.id), ACCESS, "the server can still call the API as the user");
});
