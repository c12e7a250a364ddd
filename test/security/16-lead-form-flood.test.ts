// Row 16 of the abuse review: the lead form had no limit: 20 posts made 20 rows and 20 mails to
// the team. Leads are now limited per client address (RATE_LIMIT_WRITES_PER_MINUTE).
// Own server: limits on, with its own mail stand-in.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { clientAt, newAddress } from "@/test/support/clients";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

let resend: ResendStandIn;
let server: TestServer;

before(async () => {
  resend = await startResend();
  server = await startServer({
    env: { ...resend.env, LEADS_EMAIL: "team@example.com", RATE_LIMIT: "on", TRUST_PROXY: "loopback", RATE_LIMIT_WRITES_PER_MINUTE: "3" },
  });
});
after(async () => {
  await server?.stop();
  await resend?.close();
});

test("past RATE_LIMIT_WRITES_PER_MINUTE leads from one address are 429 and nothing more is mailed", async () => {
  const client = clientAt(server.origin, newAddress());
  const statuses = [];
  for (let i = 0; i < 6; i++)
    statuses.push((await client.post("/leads/developer", { name: `Bot ${i}`, email: `bot${i}@example.com` })).status);
  assert.deepEqual(statuses, [201, 201, 201, 429, 429, 429]);
  assert.equal(resend.emails().length, 3);
  assert.equal(
    (await clientAt(server.origin, newAddress()).post("/leads/developer", { name: "Person", email: "p@example.com" })).status,
    201,
  );
});

test("the honeypot's silent absorption still counts against the address", async () => {
  const client = clientAt(server.origin, newAddress());
  for (let i = 0; i < 3; i++)
    assert.equal((await client.post("/leads/developer", { name: "b", email: "b@example.com", website: "http://spam" })).status, 201);
  assert.equal((await client.post("/leads/developer", { name: "b", email: "b@example.com", website: "http://spam" })).status, 429);
});
