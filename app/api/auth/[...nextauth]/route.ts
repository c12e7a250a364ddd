// next-auth's sign-in, callback, session and sign-out routes (options in lib/web/auth.ts).
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { webSignInEnabled } from "@/lib/env";
import { authOptions } from "@/lib/web/auth";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

function auth(request: NextRequest, context: Context): Promise<Response> {
  // API-only mode (identity provider for tokens, no web sign-in variables): nothing to sign in to.
  if (!webSignInEnabled())
    return Promise.resolve(Response.json({ error: "Web sign-in is not configured on this server" }, { status: 404 }));
  return NextAuth(request as never, context as never, authOptions());
}

export { auth as GET, auth as POST };
