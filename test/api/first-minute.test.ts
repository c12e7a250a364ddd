// A newcomer's first minute on a development install: signing in lands on the address the
// server was reached at (no NEXTAUTH_URL), and "Try a sample result" makes a marked, short-lived,
// unclaimable record, limited like every anonymous write.
// Own server: limits on, with a write allowance it spends.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  server = await startServer({
    env: { AUTH0_DOMAIN: undefined, NEXTAUTH_URL: undefined, FRONTEND_URL: undefined, RATE_LIMIT: "on", RATE_LIMIT_WRITES_PER_MINUTE: "3" },
  });
  api = apiClient(server.origin);
});
after(() => server.stop());

/** The development sign-in's form post as the browser sends it; the answer names where the browser goes next. */
async function signInRedirect(origin: string, headers: Record<string, string> = {}): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await fetch(`${origin}/api/auth/callback/development`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, persona: "patient", callbackUrl: "/dashboard", json: "true" }),
    redirect: "manual",
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { url: string }).url;
}

describe("sign-in without NEXTAUTH_URL", () => {
  test("the development sign-in sends the browser back to the address it used, whatever the port", async () => {
    assert.equal(await signInRedirect(server.origin), `${server.origin}/dashboard`);
    const byName = server.origin.replace("127.0.0.1", "localhost");
    assert.equal(await signInRedirect(byName), `${byName}/dashboard`);
    assert.match(server.output(), /sign-in redirects follow the address each request was sent to/);
  });

  test("a forwarded host from a peer that is not a trusted proxy does not move the redirect", async () => {
    const url = await signInRedirect(server.origin, { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    assert.equal(url, `${server.origin}/dashboard`);
  });
});

describe("POST /lookup/sample", () => {
  test("makes an anonymous sample that says so, expires within a day, cannot be claimed or bundled; then 429 like any anonymous write", async () => {
    const made = await api.post("/lookup/sample");
    assert.equal(made.status, 201);
    assert.equal(made.body.path, `/a/${made.body.code}`);

    const shown = await api.get(`/lookup/${made.body.code}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.isSample, true);
    assert.equal(shown.body.isAnonymous, true);
    assert.equal(shown.body.assessmentType, "ROM");
    const lifetime = Date.parse(shown.body.expiresAt) - Date.parse(shown.body.dateCreated);
    assert.ok(lifetime <= 86_400_000 && lifetime > 86_000_000, `a sample lives a day (${lifetime} ms)`);

    const claim = await api.post(`/lookup/${made.body.code}/claim`, undefined, {
      token: "development",
      headers: { "x-dev-user": "patient" },
    });
    assert.equal(claim.status, 404);
    // As a signed-in patient, so that this write does not spend the anonymous allowance counted below.
    const bundled = await api.post(
      "/reports",
      { title: "Sample", assessmentCodes: [made.body.code] },
      { token: "development", headers: { "x-dev-user": "patient" } },
    );
    assert.equal(bundled.status, 400, "a sample is never bundled into a report");
    assert.equal(bundled.body.field, "assessmentCodes");
    const mine = await api.get("/patients/me/assessments", { token: "development", headers: { "x-dev-user": "patient" } });
    assert.ok(!mine.body.assessments.some((a: { code: string }) => a.code === made.body.code));

    // An ordinary anonymous record is no sample. Three writes a minute: a third sample, then refused.
    const bare = await api.post("/lookup/anonymous", { assessmentType: "PAIN" });
    assert.equal((await api.get(`/lookup/${bare.body.code}`)).body.isSample, false);
    assert.equal((await api.post("/lookup/sample")).status, 201);
    const refused = await api.post("/lookup/sample");
    assert.equal(refused.status, 429);
  });
});
