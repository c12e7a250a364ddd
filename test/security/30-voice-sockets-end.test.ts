// Row 6 of the third abuse review: a voice socket lived as long as its peer answered pings, so
// idle sockets held the global cap's slots for ever, anonymous callers could take every slot, and
// signed-in browsers put their token in the URL (?access_token=), where proxies log it. Now an
// idle socket is closed with 4001 (VOICE_IDLE_SECONDS), every session ends at
// VOICE_MAX_SESSION_SECONDS with 4002, VOICE_SIGNED_IN_RESERVED slots of the cap are kept for
// signed-in callers, and a browser opens the socket with a single-use ticket
// (POST /api/ai/ws-ticket) instead of its token. The seconds are set small here (configuration,
// not timing assertions).
// Own server: voice socket timeouts of seconds.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { clientAt, newAddress } from "@/test/support/clients";
import { startServer, type TestServer } from "@/test/support/server";
import { handshakeStatus, VoiceClient } from "@/test/support/voice";

let server: TestServer;

before(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY: "loopback",
      VOICE_IDLE_SECONDS: "2",
      VOICE_MAX_SESSION_SECONDS: "4",
      VOICE_MAX_CONNECTIONS: "3",
      VOICE_SIGNED_IN_RESERVED: "1",
      VOICE_TICKET_SECONDS: "3",
    },
  });
});
after(() => server?.stop());

const url = (query = "") => `${server.origin.replace("http", "ws")}/api/ai/ws?audio=off${query}`;
const from = (address: string, headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": address, ...headers } });
/** Development auth mode: any bearer token is the mock user. */
const signedIn = { authorization: "Bearer anything" };

/** The close of `client`, or a failure should the server never close it (a safety net, not a measure). */
function closeOf(client: VoiceClient): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const never = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error("the server never closed the socket")), 30_000)),
  );
  return Promise.race([client.closed, never]).finally(() => clearTimeout(timer));
}

/** Keeps `clients` from going idle while a test needs them open. */
function keepTalking(clients: VoiceClient[]): () => void {
  const timer = setInterval(() => clients.forEach((client) => client.send({ type: "ui_event", event: "button", button: "continue" })), 250);
  return () => clearInterval(timer);
}

async function ticketFor(address: string) {
  return clientAt(server.origin, address).post("/ai/ws-ticket", undefined, { headers: signedIn });
}

test("a socket whose client says nothing for VOICE_IDLE_SECONDS is closed with 4001", async () => {
  const client = await VoiceClient.open(url(), from(newAddress()));
  const { code, reason } = await closeOf(client);
  assert.equal(code, 4001);
  assert.match(reason, /idle/);
});

test("a session that goes on talking is closed with 4002 at VOICE_MAX_SESSION_SECONDS", async () => {
  const client = await VoiceClient.open(url(), from(newAddress()));
  const stop = keepTalking([client]);
  const { code, reason } = await closeOf(client).finally(stop);
  assert.equal(code, 4002);
  assert.match(reason, /session/);
});

test("the last VOICE_SIGNED_IN_RESERVED slots are for signed-in callers", async () => {
  const anonymous = [await VoiceClient.open(url(), from(newAddress())), await VoiceClient.open(url(), from(newAddress()))];
  const stop = keepTalking(anonymous);
  try {
    assert.equal(await handshakeStatus(url(), from(newAddress())), 503, "a third anonymous socket");
    // The refused socket's slot is freed when the server sees it close; until then the cap is full.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 101; attempt++) {
      const ticket = (await ticketFor(newAddress())).body.ticket;
      status = await handshakeStatus(url(`&ticket=${ticket}`), from(newAddress()));
      if (status !== 101) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(status, 101, "a signed-in caller takes the reserved slot");
  } finally {
    stop();
    await Promise.all(anonymous.map((client) => client.close()));
  }
});

test("a ticket opens a socket without the token in the URL, once", async () => {
  const address = newAddress();
  const issued = await ticketFor(address);
  assert.equal(issued.status, 200);
  assert.match(issued.body.ticket, /^[\w-]{32,}$/);
  assert.ok(Date.parse(issued.body.expiresAt) > Date.now());

  assert.equal(await handshakeStatus(url(`&ticket=${issued.body.ticket}`), from(address)), 101);
  assert.equal(await handshakeStatus(url(`&ticket=${issued.body.ticket}`), from(address)), 401, "used twice");
  assert.equal(await handshakeStatus(url(`&ticket=made-up-ticket-that-was-never-issued`), from(address)), 401, "never issued");
});

test("a ticket past VOICE_TICKET_SECONDS is refused", async () => {
  const address = newAddress();
  const issued = await ticketFor(address);
  const expiresIn = Date.parse(issued.body.expiresAt) - Date.now();
  await new Promise((resolve) => setTimeout(resolve, expiresIn + 200));
  assert.equal(await handshakeStatus(url(`&ticket=${issued.body.ticket}`), from(address)), 401);
});

test("a ticket needs a signed-in caller", async () => {
  const answer = await clientAt(server.origin, newAddress()).post("/ai/ws-ticket", undefined, { headers: { "x-dev-user": "anonymous" } });
  assert.equal(answer.status, 401);
});
