import assert from "node:assert/strict";
import { test } from "node:test";
import { EnvError, isLoopback, listenHost, parseEnv } from "@/lib/env";

function errorLines(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    assert.ok(error instanceof EnvError);
    return error.lines;
  }
  assert.fail("expected the configuration to be refused");
}

test("defaults: embedded database, port 3000, development auth", () => {
  const env = parseEnv({});
  assert.equal(env.PORT, 3000);
  assert.equal(env.DATA_DIR, "./.data");
  assert.equal(env.DATABASE_URL, undefined);
  assert.equal(env.AUTH0_ROLES_CLAIM, "https://hand-assessment.app/roles");
  assert.equal(env.RATE_LIMIT_PER_MINUTE, 60);
});

test("empty values read as not configured", () => {
  const env = parseEnv({ STRIPE_SECRET_KEY: "", LLM_BASE_URL: "", PORT: "" });
  assert.equal(env.STRIPE_SECRET_KEY, undefined);
  assert.equal(env.LLM_BASE_URL, undefined);
  assert.equal(env.PORT, 3000);
});

test("a bad value gives one line naming the variable", () => {
  const lines = errorLines({ PORT: "eighty", LLM_BASE_URL: "not a url" });
  assert.equal(lines.length, 2);
  assert.match(
    lines.find((l) => l.includes("PORT"))!,
    /^Invalid environment variable PORT: /,
  );
  assert.match(
    lines.find((l) => l.includes("LLM_BASE_URL"))!,
    /^Invalid environment variable LLM_BASE_URL: /,
  );
  assert.ok(lines.every((l) => !l.includes("\n")));
});

test("DATABASE_URL must be a PostgreSQL URL", () => {
  assert.match(errorLines({ DATABASE_URL: "mysql://x" })[0]!, /DATABASE_URL: must be a postgres/);
});

test("development auth is refused in production on PostgreSQL unless ALLOW_DEV_AUTH=true", () => {
  const production = { NODE_ENV: "production", DATABASE_URL: "postgresql://db/x" };
  assert.match(errorLines(production)[0]!, /^Invalid environment variable AUTH0_DOMAIN: .*ALLOW_DEV_AUTH=true/);
  assert.equal(parseEnv({ ...production, ALLOW_DEV_AUTH: "true" }).ALLOW_DEV_AUTH, true);
  assert.equal(
    parseEnv({ ...production, AUTH0_DOMAIN: "tenant.example.com", AUTH0_AUDIENCE: "https://api" }).AUTH0_DOMAIN,
    "tenant.example.com",
  );
  // The embedded database and development builds are allowed.
  assert.equal(parseEnv({ NODE_ENV: "production" }).NODE_ENV, "production");
  assert.equal(parseEnv({ DATABASE_URL: "postgresql://db/x" }).NODE_ENV, "development");
});

test("development auth listens on loopback unless ALLOW_DEV_AUTH=true; an identity provider listens everywhere", () => {
  assert.equal(listenHost(parseEnv({})), "127.0.0.1");
  assert.equal(listenHost(parseEnv({ ALLOW_DEV_AUTH: "true" })), "0.0.0.0");
  assert.equal(listenHost(parseEnv({ AUTH0_DOMAIN: "t.example.com", AUTH0_AUDIENCE: "https://api" })), "0.0.0.0");
  assert.equal(listenHost(parseEnv({ HOSTNAME: "::1" })), "::1");
  assert.match(errorLines({ HOSTNAME: "0.0.0.0" })[0]!, /^Invalid environment variable HOSTNAME: .*ALLOW_DEV_AUTH=true/);
  assert.equal(listenHost(parseEnv({ HOSTNAME: "0.0.0.0", ALLOW_DEV_AUTH: "true" })), "0.0.0.0");
});

test("loopback: 127.0.0.0/8, ::1 and localhost, nothing else", () => {
  for (const host of ["127.0.0.1", "127.3.2.1", "::1", "[::1]", "localhost"]) assert.equal(isLoopback(host), true, host);
  for (const host of ["0.0.0.0", "::", "10.0.0.1", "127.example.com", "128.0.0.1"]) assert.equal(isLoopback(host), false, host);
});

test("an identity provider needs an audience; web sign-in is configured whole", () => {
  assert.match(errorLines({ AUTH0_DOMAIN: "t.example.com" })[0]!, /^Invalid environment variable AUTH0_AUDIENCE: /);
  const lines = errorLines({ AUTH0_DOMAIN: "t.example.com", AUTH0_AUDIENCE: "https://api", AUTH0_CLIENT_ID: "web" });
  assert.deepEqual(lines.map((l) => /variable (\w+)/.exec(l)![1]).sort(), ["AUTH0_CLIENT_SECRET", "NEXTAUTH_SECRET", "NEXTAUTH_URL"]);
  assert.match(errorLines({ NEXTAUTH_SECRET: "short" })[0]!, /NEXTAUTH_SECRET: must be at least 32 characters/);
});

test("TRUST_PROXY: loopback, hop counts and CIDR lists are read; anything else is refused", () => {
  for (const value of ["loopback", "1", "10.0.0.0/8, 192.168.1.7", "loopback,uniquelocal"])
    assert.equal(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY, value);
  assert.match(errorLines({ TRUST_PROXY: "everyone" })[0]!, /^Invalid environment variable TRUST_PROXY: /);
  assert.match(errorLines({ TRUST_PROXY: "10.0.0.0/99" })[0]!, /^Invalid environment variable TRUST_PROXY: /);
});

test("JOURNAL_AUTH defaults to required", () => {
  assert.equal(parseEnv({}).JOURNAL_AUTH, "required");
  assert.equal(parseEnv({ JOURNAL_AUTH: "none" }).JOURNAL_AUTH, "none");
});

test("REMINDERS_TEST_CLOCK (the reminder job at any date) is refused unless ALLOW_DEV_AUTH says no real data is held", () => {
  assert.match(errorLines({ REMINDERS_TEST_CLOCK: "true" }).join("\n"), /REMINDERS_TEST_CLOCK.*ALLOW_DEV_AUTH=true/);
  assert.equal(parseEnv({ REMINDERS_TEST_CLOCK: "true", ALLOW_DEV_AUTH: "true" }).REMINDERS_TEST_CLOCK, true);
  assert.equal(parseEnv({}).REMINDERS_TEST_CLOCK, false);
});

test("MEASURE_OFF: the questionnaires named, any case and spacing; an unknown one stops the start naming it", () => {
  assert.deepEqual(parseEnv({}).MEASURE_OFF, []);
  assert.deepEqual(parseEnv({ MEASURE_OFF: " QuickDASH , " }).MEASURE_OFF, ["quickdash"]);
  assert.match(errorLines({ MEASURE_OFF: "quickdash,dash" }).join("\n"), /MEASURE_OFF/);
});
