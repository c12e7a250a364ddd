// Row 3 of the abuse review: `npm start` without an identity provider served development auth
// (everyone may act as admin through x-dev-user) on every interface, silently. In development
// auth mode the server now listens on loopback only unless ALLOW_DEV_AUTH=true, refuses an
// explicit non-loopback HOSTNAME without it, and says loudly at start that mock users are on.
// Own server: development sign-in's defaults and the address it binds are its subject.
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { startServer } from "@/test/support/server";

// What `npm install && npm start` runs: no identity provider, no HOSTNAME, the embedded database.
// (With NODE_ENV=production and a PostgreSQL DATABASE_URL, development auth refuses to start at
// all, so the PostgreSQL pass of the suite runs these on the embedded database too.)
const devAuthDefaults = () => ({
  ALLOW_DEV_AUTH: undefined,
  HOSTNAME: undefined,
  AUTH0_DOMAIN: undefined,
  DATABASE_URL: undefined,
  DATA_DIR: mkdtempSync(join(tmpdir(), "hand-dev-auth-")),
});

/** The machine's first non-loopback IPv4 address, if it has one. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

test("with no identity provider and no HOSTNAME, the server listens on loopback only and says development auth is on", async () => {
  const server = await startServer({ env: devAuthDefaults() });
  try {
    const port = Number(new URL(server.origin).port);
    assert.match(server.output(), /development auth/i);
    assert.match(server.output(), /"host":"127\.0\.0\.1"/);
    const external = externalAddress();
    if (external) assert.equal(await reachable(external, port), false, `not reachable on ${external}`);
    assert.equal(await reachable("127.0.0.1", port), true);
  } finally {
    await server.stop();
  }
});

test("an explicit non-loopback HOSTNAME without ALLOW_DEV_AUTH refuses to start", async () => {
  await assert.rejects(
    startServer({ env: { ...devAuthDefaults(), HOSTNAME: "0.0.0.0" }, startTimeoutMs: 60_000 }),
    /HOSTNAME[\s\S]*not loopback[\s\S]*ALLOW_DEV_AUTH/,
  );
});

test("ALLOW_DEV_AUTH=true serves any interface, still with the warning", async () => {
  const server = await startServer({ env: { ...devAuthDefaults(), HOSTNAME: "0.0.0.0", ALLOW_DEV_AUTH: "true" } });
  try {
    assert.match(server.output(), /development auth/i);
    const external = externalAddress();
    if (external) assert.equal(await reachable(external, Number(new URL(server.origin).port)), true);
  } finally {
    await server.stop();
  }
});
