// Row 11 of the abuse review: the voice socket cap was per TCP peer, so behind a proxy every user
// shared its 4 slots (and one user could take them all). The cap now keys on the trusted client
// address (TRUST_PROXY, as every limit does), with a global cap beside it.
// Own server: voice connection caps it fills.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { newAddress } from "@/test/support/clients";
import { startServer, type TestServer } from "@/test/support/server";
import { handshakeStatus, VoiceClient } from "@/test/support/voice";

let server: TestServer;

before(async () => {
  server = await startServer({ env: { TRUST_PROXY: "loopback", VOICE_MAX_CONNECTIONS_PER_CLIENT: "2", VOICE_MAX_CONNECTIONS: "5" } });
});
after(() => server?.stop());

const url = () => `${server.origin.replace("http", "ws")}/api/ai/ws?audio=off`;
const from = (address: string) => ({ headers: { "x-forwarded-for": address } });

test("behind the proxy each client address has its own slots", async () => {
  const alice = newAddress();
  const bob = newAddress();
  const open = await Promise.all([VoiceClient.open(url(), from(alice)), VoiceClient.open(url(), from(alice))]);
  assert.equal(await handshakeStatus(url(), from(alice)), 429, "alice's third socket");
  const bobs = await VoiceClient.open(url(), from(bob));
  await Promise.all([...open, bobs].map((client) => client.close()));
});

test("past VOICE_MAX_CONNECTIONS sockets in all, every new one is refused (503)", async () => {
  const open = [];
  for (let i = 0; i < 5; i++) open.push(await VoiceClient.open(url(), from(newAddress())));
  assert.equal(await handshakeStatus(url(), from(newAddress())), 503);
  await Promise.all(open.map((client) => client.close()));
});
