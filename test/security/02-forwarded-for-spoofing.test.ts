// Row 2 of the abuse review: a client-supplied X-Forwarded-For picked the rate-limit key, so
// rotating it gave unlimited tries and naming a victim's address locked the victim out. The
// client address is now the socket's unless TRUST_PROXY names the proxies allowed to speak for
// the client (loopback, a hop count, or CIDRs), evaluated with proxy-addr.
// Own server: TRUST_PROXY three ways.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { newAddress } from "@/test/support/clients";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let direct: TestServer;
let proxied: TestServer;
const limits = { RATE_LIMIT: "on", RATE_LIMIT_PER_MINUTE: "4", RATE_LIMIT_MISSES_PER_HOUR: "2" };

before(async () => {
  [direct, proxied] = await Promise.all([
    startServer({ env: { ...limits, TRUST_PROXY: undefined } }),
    startServer({ env: { ...limits, TRUST_PROXY: "127.0.0.1/8" } }),
  ]);
});
after(() => Promise.all([direct?.stop(), proxied?.stop()]));

test("without TRUST_PROXY, rotating X-Forwarded-For does not buy more lookups", async () => {
  const api = apiClient(direct.origin);
  const { code } = (await api.post("/assessments/rom", romBody)).body;
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await api.get(`/lookup/${code}`, { headers: { "x-forwarded-for": newAddress() } })).status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
});

test("behind a trusted proxy, an address the attacker writes into X-Forwarded-For is not the key: the proxy's last entry is", async () => {
  const api = apiClient(proxied.origin);
  const { code } = (await api.post("/assessments/rom", romBody)).body;
  const victim = newAddress();
  const attacker = newAddress();
  // The attacker sends "X-Forwarded-For: <victim>"; the proxy appends the address it saw.
  const spoofed = { "x-forwarded-for": `${victim}, ${attacker}` };
  for (let i = 0; i < 2; i++) assert.equal((await api.get("/lookup/ZZZZZ2", { headers: spoofed })).status, 404);
  assert.equal((await api.get("/lookup/ZZZZZ2", { headers: spoofed })).status, 429, "the attacker is blocked");
  assert.equal((await api.get(`/lookup/${code}`, { headers: { "x-forwarded-for": victim } })).status, 200, "the victim is not");
});

test("TRUST_PROXY rejects a value proxy-addr cannot read, naming the variable", async () => {
  const started = startServer({ env: { TRUST_PROXY: "not-an-address/99" }, startTimeoutMs: 60_000 });
  await assert.rejects(started, /TRUST_PROXY/);
});
