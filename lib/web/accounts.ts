// The identity provider's tokens as the web sign-in keeps them (auth_accounts). Only the access
// token is stored, because the pages call the API with it, and it is sealed (AES-256-GCM, key
// derived from NEXTAUTH_SECRET): a copy of the table or a backup does not let anyone act as the
// signed-in users. Refresh and ID tokens are never stored (nothing here uses them).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { Adapter, AdapterAccount } from "next-auth/adapters";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function key(): Buffer {
  const secret = env().NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is required to store web sign-in tokens");
  return Buffer.from(hkdfSync("sha256", secret, "", "hand-assessment auth_accounts.access_token", 32));
}

export function sealToken(token: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The token, or null when it was sealed with another secret (or is not sealed): sign in again. */
export function openToken(stored: string): string | null {
  const [version, body] = stored.split(".", 2);
  if (version !== VERSION || !body) return null;
  const bytes = Buffer.from(body, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

// What is kept of a linked account: no refresh or ID token, and no extra token-response field
// (some providers return ones that would make the insert fail).
const KEPT_FIELDS = ["userId", "type", "provider", "providerAccountId", "expires_at", "token_type", "scope", "session_state"] as const;

/** The Prisma adapter, linking accounts with only the sealed access token. */
export function accountAdapter(): Adapter {
  // @auth/prisma-adapter targets @auth/core's adapter interface, which next-auth v4 shares at runtime.
  const adapter = PrismaAdapter(db()) as unknown as Adapter;
  return {
    ...adapter,
    linkAccount: (account: AdapterAccount) => {
      const data = Object.fromEntries(KEPT_FIELDS.filter((field) => account[field] !== undefined).map((field) => [field, account[field]]));
      const accessToken = typeof account.access_token === "string" ? sealToken(account.access_token) : undefined;
      return adapter.linkAccount!({ ...data, ...(accessToken ? { access_token: accessToken } : {}) } as AdapterAccount);
    },
  };
}

/** The user's current access token for API calls, or null when there is none or it has expired. */
export async function storedAccessToken(userId: string): Promise<string | null> {
  const account = await db().account.findFirst({
    where: { userId, provider: "auth0" },
    select: { access_token: true, expires_at: true },
  });
  if (!account?.access_token || (account.expires_at && account.expires_at * 1000 <= Date.now())) return null;
  return openToken(account.access_token);
}
