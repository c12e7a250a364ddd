// next-auth's sign-in, callback, session and sign-out routes (options in lib/web/auth.ts).
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/web/auth";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

function auth(request: NextRequest, context: Context): Promise<Response> {
  return NextAuth(request as never, context as never, authOptions());
}

export { auth as GET, auth as POST };
