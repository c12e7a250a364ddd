// Row 1 of the abuse review: harvesting sharing codes. POST /reports answered 400 naming the
// unknown codes among 20 (2,000 codes tested a second) and the /reports/:code* routes were
// unmetered. Every route that takes a code now shares the per-address, per-address-miss and
// global-miss limits; a report counts each listed code as a lookup and each unknown one as a miss.
// Own server: limits on, with allowances it spends.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { CODE_ALPHABET } from "@/lib/codes";
import { clientAt, newAddress } from "@/test/support/clients";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
const PER_MINUTE = 12;
const MISSES = 5;

/** A well-formed code that is almost surely not issued (ZZ prefix + random tail). */
const unusedCode = () => `ZZ${Array.from({ length: 4 }, () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)]).join("")}`;

before(async () => {
  server = await startServer({
    env: {
      RATE_LIMIT: "on",
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      RATE_LIMIT_MISSES_PER_HOUR: String(MISSES),
    },
  });
});
after(() => server?.stop());

async function submitted(): Promise<string> {
  const response = await apiClient(server.origin).post("/assessments/rom", romBody, { headers: { "x-forwarded-for": newAddress() } });
  assert.equal(response.status, 201);
  return response.body.code;
}

test("POST /reports with unknown codes says neither how many nor which, and each unknown code is a miss", async () => {
  const known = await submitted();
  const client = clientAt(server.origin, newAddress());
  const guesses = [unusedCode(), unusedCode(), unusedCode()];
  const response = await client.post("/reports", { title: "probe", assessmentCodes: [known, ...guesses] });
  assert.equal(response.status, 400);
  assert.equal(response.body.field, "assessmentCodes");
  assert.doesNotMatch(response.body.error, /\d/, "no count (test 18)");
  for (const guess of guesses) {
    assert.ok(
      !response.body.error.includes(guess) && !response.body.error.includes(`${guess.slice(0, 3)}-${guess.slice(3)}`),
      "the unknown code is not named",
    );
  }
  // Three misses spent of five: three more unknown codes go past the allowance, and the address
  // is blocked on every code route.
  const second = await client.post("/reports", { title: "probe", assessmentCodes: [unusedCode(), unusedCode(), unusedCode()] });
  assert.equal(second.status, 429);
  const blocked = await client.post("/reports", { title: "probe", assessmentCodes: [known] });
  assert.equal(blocked.status, 429);
  assert.equal(blocked.body.code, "RATE_LIMITED");
  assert.ok(Number(blocked.headers.get("retry-after")) > 60, "the block lasts the hour");
  assert.equal((await client.get(`/lookup/${known}`)).status, 429);
});

test("a report of 20 codes counts 20 lookups against the address's per-minute allowance", async () => {
  const known = await submitted();
  const client = clientAt(server.origin, newAddress());
  const guesses = Array.from({ length: PER_MINUTE + 1 }, unusedCode);
  const over = await client.post("/reports", { title: "many", assessmentCodes: guesses });
  assert.equal(over.status, 429, "refused before a single code is looked up");
  const other = clientAt(server.origin, newAddress());
  assert.equal((await other.post("/reports", { title: "fine", assessmentCodes: [known, known] })).status, 200);
});

for (const [name, call] of [
  ["GET /reports/:code", (c: ReturnType<typeof clientAt>, code: string) => c.get(`/reports/${code}`)],
  ["GET /reports/:code/pdf", (c: ReturnType<typeof clientAt>, code: string) => c.get(`/reports/${code}/pdf`)],
  ["POST /reports/:code/explain", (c: ReturnType<typeof clientAt>, code: string) => c.post(`/reports/${code}/explain`)],
  [
    "POST /reports/:code/email",
    (c: ReturnType<typeof clientAt>, code: string) => c.post(`/reports/${code}/email`, { to: "someone@example.com" }),
  ],
  ["GET /assessments/:id/results", (c: ReturnType<typeof clientAt>, code: string) => c.get(`/assessments/${code}/results`)],
  [
    "POST /lookup/:code/email",
    (c: ReturnType<typeof clientAt>, code: string) => c.post(`/lookup/${code}/email`, { email: "someone@example.com" }),
  ],
] as const) {
  test(`${name}: unknown codes are misses, and past the allowance the address is blocked`, async () => {
    const client = clientAt(server.origin, newAddress());
    for (let i = 0; i < MISSES; i++) assert.equal((await call(client, unusedCode())).status, 404, `miss ${i + 1}`);
    const blocked = await call(client, unusedCode());
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.code, "RATE_LIMITED");
  });
}

test("POST /lookup/:code/claim is metered like every code route", async () => {
  const client = clientAt(server.origin, newAddress(), "any-token");
  for (let i = 0; i < MISSES; i++) assert.equal((await client.post(`/lookup/${unusedCode()}/claim`)).status, 404);
  assert.equal((await client.post(`/lookup/${unusedCode()}/claim`)).status, 429);
});
