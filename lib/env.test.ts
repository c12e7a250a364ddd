import assert from "node:assert/strict";
import { test } from "node:test";
import { EnvError, parseEnv } from "@/lib/env";

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
  assert.match(lines.find((l) => l.includes("PORT"))!, /^Invalid environment variable PORT: /);
  assert.match(lines.find((l) => l.includes("LLM_BASE_URL"))!, /^Invalid environment variable LLM_BASE_URL: /);
  assert.ok(lines.every((l) => !l.includes("\n")));
});

test("DATABASE_URL must be a PostgreSQL URL", () => {
  assert.match(errorLines({ DATABASE_URL: "mysql://x" })[0]!, /DATABASE_URL: must be a postgres/);
});

test("development auth is refused in production on PostgreSQL unless ALLOW_DEV_AUTH=true", () => {
  const production = { NODE_ENV: "production", DATABASE_URL: "postgresql://db/x" };
  assert.match(errorLines(production)[0]!, /^Invalid environment variable AUTH0_DOMAIN: .*ALLOW_DEV_AUTH=true/);
  assert.equal(parseEnv({ ...production, ALLOW_DEV_AUTH: "true" }).ALLOW_DEV_AUTH, true);
  assert.equal(parseEnv({ ...production, AUTH0_DOMAIN: "tenant.example.com" }).AUTH0_DOMAIN, "tenant.example.com");
  // The embedded database and development builds are allowed.
  assert.equal(parseEnv({ NODE_ENV: "production" }).NODE_ENV, "production");
  assert.equal(parseEnv({ DATABASE_URL: "postgresql://db/x" }).NODE_ENV, "development");
});
