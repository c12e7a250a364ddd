// Round 3, row 1: every per-address limit keyed an IPv6 client by its full /128, so one host
// (every VPS and home line holds a /64) rotated its low 64 bits and was never limited. Limits
// and the voice socket cap now count an IPv6 client by its /64 (IPv4 by its address, IPv4-mapped
// IPv6 as IPv4), and code misses also per /48, so a site cannot spread 65,536 /64s' allowances.
// Own server: limits on, with allowances it spends.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { addressIn, clientAt, newAddress, newNetwork, newSite } from "@/test/support/clients";
import { startServer, type TestServer } from "@/test/support/server";
import { handshakeStatus, VoiceClient } from "@/test/support/voice";

let server: TestServer;
const PER_MINUTE = 4;
const MISSES = 2;
const MISSES_PER_48 = 5;

before(async () => {
  server = await startServer({
    env: {
      RATE_LIMIT: "on",
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      RATE_LIMIT_MISSES_PER_HOUR: String(MISSES),
      RATE_LIMIT_MISSES_PER_48_PER_HOUR: String(MISSES_PER_48),
      VOICE_MAX_CONNECTIONS_PER_CLIENT: "2",
    },
  });
});
after(() => server?.stop());

async function liveCode(): Promise<string> {
  const response = await clientAt(server.origin, newAddress()).post("/assessments/rom", romBody);
  assert.equal(response.status, 201);
  return response.body.code;
}

/** The statuses of `count` lookups of `code`, the i-th from the address `from(i)` gives. */
async function lookups(code: string, count: number, from: (i: number) => string): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < count; i++) statuses.push((await clientAt(server.origin, from(i)).get(`/lookup/${code}`)).status);
  return statuses;
}

const allowanceThenRefused = [...Array<number>(PER_MINUTE).fill(200), 429, 429];

test("one address of a /64 spends the lookup allowance, and so does rotating the low 64 bits", async () => {
  const code = await liveCode();
  const fixed = addressIn(newNetwork());
  assert.deepEqual(await lookups(code, PER_MINUTE + 2, () => fixed), allowanceThenRefused);
  const network = newNetwork();
  assert.deepEqual(await lookups(code, PER_MINUTE + 2, () => addressIn(network)), allowanceThenRefused, "a fresh address each time");
});

test("two /64s, even in one /48, are two clients", async () => {
  const code = await liveCode();
  const site = newSite();
  const first = newNetwork(site);
  assert.deepEqual(await lookups(code, PER_MINUTE + 1, () => addressIn(first)), [...Array<number>(PER_MINUTE).fill(200), 429]);
  const second = newNetwork(site);
  assert.deepEqual(await lookups(code, PER_MINUTE, () => addressIn(second)), Array<number>(PER_MINUTE).fill(200));
});

test("misses are counted per /48 too: spread over many /64s they block the whole /48 on every code route", async () => {
  const code = await liveCode();
  const site = newSite();
  // One miss per /64: each /64 stays under its own allowance of MISSES.
  for (let i = 0; i < MISSES_PER_48; i++) {
    assert.equal((await clientAt(server.origin, addressIn(newNetwork(site))).get("/lookup/ZZZZZ2")).status, 404);
  }
  const over = await clientAt(server.origin, addressIn(newNetwork(site))).get("/lookup/ZZZZZ2");
  assert.equal(over.status, 429, "the miss past the /48's allowance");
  const blocked = await clientAt(server.origin, addressIn(newNetwork(site))).get(`/lookup/${code}`);
  assert.equal(blocked.status, 429, "a live code from a fresh /64 of that /48 is refused too: no answer tells hits from misses");
  assert.equal(blocked.body.code, "RATE_LIMITED");
  assert.ok(Number(blocked.headers.get("retry-after")) > 60, "until the /48's hour is over");
  assert.equal((await clientAt(server.origin, addressIn(newNetwork())).get(`/lookup/${code}`)).status, 200, "another /48 is not");
  assert.equal((await clientAt(server.origin, newAddress()).get(`/lookup/${code}`)).status, 200, "nor an IPv4 client");
});

test("an IPv4-mapped IPv6 address is the IPv4 client it maps", async () => {
  const code = await liveCode();
  const address = newAddress();
  const mapped = `::ffff:${address}`;
  const statuses = await lookups(code, PER_MINUTE + 1, (i) => (i % 2 ? mapped : address));
  assert.deepEqual(statuses, [...Array<number>(PER_MINUTE).fill(200), 429]);
});

test("voice sockets: rotating the low 64 bits does not buy more than VOICE_MAX_CONNECTIONS_PER_CLIENT", async () => {
  const network = newNetwork();
  const url = `${server.origin.replace("http", "ws")}/api/ai/ws?audio=off`;
  const from = () => ({ headers: { "x-forwarded-for": addressIn(network) } });
  const open = [await VoiceClient.open(url, from()), await VoiceClient.open(url, from())];
  assert.equal(await handshakeStatus(url, from()), 429, "a third socket from the same /64");
  const elsewhere = await VoiceClient.open(url, { headers: { "x-forwarded-for": addressIn(newNetwork()) } });
  await Promise.all([...open, elsewhere].map((client) => client.close()));
});
