// Signs in on the development sign-in (development auth mode) the way a browser does: the CSRF
// token and its cookie first, then the persona's form post. Returns the session cookie header.
import assert from "node:assert/strict";

export async function devSignIn(origin: string, persona: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await fetch(`${origin}/api/auth/callback/development`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, persona, json: "true" }),
    redirect: "manual",
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  assert.ok(session, `no session cookie (status ${response.status})`);
  assert.match(session, /HttpOnly/i);
  return session.split(";")[0]!;
}
