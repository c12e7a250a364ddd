// Round 3, row 2: POST /reports answered "19 of the 20 codes name no assessment", so a batch of
// guesses told the attacker it held a live code, and five bisections found it. A batch with any
// unknown, expired or unshareable code now gets one answer, whatever it holds.
// Own server: TRUST_PROXY=loopback.
import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { CODE_ALPHABET } from "@/lib/codes";
import { clientAt, newAddress } from "@/test/support/clients";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;

before(async () => {
  server = await startServer({ env: { TRUST_PROXY: "loopback" } });
});
after(() => server?.stop());

/** `count` distinct well-formed codes that are almost surely not issued (ZZ prefix + random tail). */
function guesses(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(`ZZ${Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("")}`);
  return [...codes];
}

test("a batch holding one live code and 19 guesses is answered exactly as 20 guesses are", async () => {
  const client = clientAt(server.origin, newAddress());
  const submitted = await client.post("/assessments/rom", romBody);
  assert.equal(submitted.status, 201);
  const withLiveCode = await client.post("/reports", { title: "probe", assessmentCodes: [submitted.body.code, ...guesses(19)] });
  const allGuesses = await client.post("/reports", { title: "probe", assessmentCodes: guesses(20) });
  const oneGuess = await client.post("/reports", { title: "probe", assessmentCodes: [submitted.body.code, ...guesses(1)] });
  for (const response of [withLiveCode, allGuesses, oneGuess]) {
    assert.equal(response.status, 400);
    assert.equal(response.body.field, "assessmentCodes");
    assert.doesNotMatch(response.body.error, /\d/, "no count of any kind");
  }
  assert.deepEqual(withLiveCode.body, allGuesses.body);
  assert.deepEqual(oneGuess.body, allGuesses.body);
  assert.match(allGuesses.body.error, /one or more codes are unknown, expired or not shareable/i);
});
