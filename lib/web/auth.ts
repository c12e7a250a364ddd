// Browser sign-in with next-auth v4.
//
// Identity-provider mode (AUTH0_DOMAIN and the web sign-in variables set): the Auth0 provider
// (any OpenID provider at AUTH0_ISSUER_BASE_URL works) asks for an access token for
// AUTH0_AUDIENCE. Sessions are database sessions in the Prisma adapter's tables: the browser
// holds only an opaque, httpOnly session cookie, and the access token stays sealed in the
// Account row on the server (lib/web/accounts.ts). Without the web sign-in variables the server
// is API-only: nobody signs in on the pages.
//
// Development mode (no AUTH0_DOMAIN): a development sign-in picks a persona (patient, care
// provider, admin). Nothing is verified; the persona travels to the API in x-dev-user.
import { decodeJwt } from "jose";
import { getServerSession, type NextAuthOptions } from "next-auth";
import Auth0Provider from "next-auth/providers/auth0";
import CredentialsProvider from "next-auth/providers/credentials";
import { DEV_PERSONAS, DEV_USER_HEADER, isDevPersona, type DevPersona } from "@/lib/auth/guard";
import { ROLES, type Role } from "@/lib/api/endpoint";
import { issuer } from "@/lib/auth/tokens";
import { env, isDevAuth, webSignInEnabled } from "@/lib/env";
import { accountAdapter, storedAccessToken } from "@/lib/web/accounts";

/** The signed-in person as the pages see it. Never carries the access token. */
export interface WebUser {
  name: string | null;
  email: string | null;
  roles: Role[];
  /** Development mode only. */
  persona: DevPersona | null;
}

// Development mode only: its sessions guard nothing real (the API trusts any caller then).
const DEVELOPMENT_SECRET = "development-mode-session-secret (no identity provider configured)";

let cached: { dev: boolean; options: NextAuthOptions } | undefined;

/** next-auth's options for the current mode (read once the configuration is known). */
export function authOptions(): NextAuthOptions {
  const dev = isDevAuth();
  if (cached?.dev === dev) return cached.options;
  const options = dev ? developmentOptions() : identityProviderOptions();
  cached = { dev, options };
  return options;
}

function identityProviderOptions(): NextAuthOptions {
  const { AUTH0_CLIENT_ID, AUTH0_CLIENT_SECRET, AUTH0_AUDIENCE, NEXTAUTH_SECRET } = env();
  const issuerUrl = issuer();
  return {
    adapter: accountAdapter(),
    secret: NEXTAUTH_SECRET,
    session: { strategy: "database" },
    pages: { signIn: "/signin", error: "/signin" },
    providers: [
      Auth0Provider({
        clientId: AUTH0_CLIENT_ID ?? "",
        clientSecret: AUTH0_CLIENT_SECRET ?? "",
        issuer: issuerUrl,
        wellKnown: `${issuerUrl}.well-known/openid-configuration`,
        authorization: {
          params: { scope: "openid email profile", ...(AUTH0_AUDIENCE ? { audience: AUTH0_AUDIENCE } : {}) },
        },
        profile: (profile: Record<string, string | undefined>) => ({
          id: profile.sub!,
          name: profile.name ?? profile.nickname ?? null,
          email: profile.email ?? null,
          image: profile.picture ?? null,
        }),
      }),
    ],
    callbacks: {
      session: ({ session, user }) => ({ ...session, user: { ...session.user, id: user.id } }),
    },
  };
}

function developmentOptions(): NextAuthOptions {
  return {
    secret: env().NEXTAUTH_SECRET ?? DEVELOPMENT_SECRET,
    session: { strategy: "jwt" },
    pages: { signIn: "/signin", error: "/signin" },
    providers: [
      CredentialsProvider({
        id: "development",
        name: "Development sign-in",
        credentials: { persona: { label: "Sign in as", type: "text" } },
        authorize(credentials) {
          const persona = credentials?.persona;
          if (!isDevPersona(persona)) return null;
          const { name, email } = DEV_PERSONAS[persona];
          return { id: persona, name, email };
        },
      }),
    ],
    callbacks: {
      session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }),
    },
  };
}

interface SessionWithId {
  user?: { id?: string; name?: string | null; email?: string | null };
}

/** What a signed-in request needs: who it is, and the headers that carry it to the API. */
interface Credentials {
  user: WebUser;
  /** Authorization (and in development mode x-dev-user) for calls to /api. */
  headers: Record<string, string>;
}

/**
 * The signed-in person of the current request and how to call the API as them; null when
 * nobody is signed in or the access token has expired (sign in again).
 */
export async function currentCredentials(): Promise<Credentials | null> {
  // API-only mode: no session can exist (and next-auth would fail without its secret).
  if (!webSignInEnabled()) return null;
  const session = (await getServerSession(authOptions())) as SessionWithId | null;
  const id = session?.user?.id;
  if (!id) return null;
  const base = { name: session.user?.name ?? null, email: session.user?.email ?? null };

  if (isDevAuth()) {
    if (!isDevPersona(id)) return null;
    return {
      user: { ...base, roles: [...DEV_PERSONAS[id].roles], persona: id },
      headers: { authorization: "Bearer development", [DEV_USER_HEADER]: id },
    };
  }

  const token = await storedAccessToken(id);
  if (!token) return null;
  return { user: { ...base, roles: rolesOf(token), persona: null }, headers: { authorization: `Bearer ${token}` } };
}

/** The headers of an anonymous API call (in development mode, say so: no mock user). */
export function anonymousHeaders(): Record<string, string> {
  return isDevAuth() ? { [DEV_USER_HEADER]: "anonymous" } : {};
}

export async function currentUser(): Promise<WebUser | null> {
  return (await currentCredentials())?.user ?? null;
}

/** Roles for the pages' navigation only; the API verifies the token and enforces them. */
function rolesOf(token: string): Role[] {
  try {
    const claim = decodeJwt(token)[env().AUTH0_ROLES_CLAIM];
    return Array.isArray(claim) ? claim.filter((role): role is Role => (ROLES as readonly unknown[]).includes(role)) : [];
  } catch {
    return [];
  }
}

export function isStaff(user: WebUser | null): boolean {
  return Boolean(user?.roles.some((role) => role === "care_provider" || role === "admin"));
}
