// The broker of the run's shared test servers (test/support/shared-server.ts), started by
// scripts/test.mjs. It starts the run's identity provider, prints one line of JSON (where it
// answers, the provider's issuer and keys: TEST_SHARED_SERVERS for the test processes), and then
// answers GET /servers/<kind> with the origin of that kind's server, starting it on the first
// request. On SIGTERM it stops the servers, drops their databases and exits.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK } from "jose";
import { startIdentityProvider } from "./identity-provider.ts";
import { startServer, type TestServer } from "./server.ts";
import type { BrokerAddress, SharedKind } from "./shared-server.ts";

const idp = await startIdentityProvider({ extractable: true });
const configurations: Record<SharedKind, Record<string, string>> = { plain: {}, idp: idp.env };
const servers = new Map<SharedKind, Promise<TestServer>>();
let stopping = false;

function serverOf(kind: SharedKind): Promise<TestServer> {
  let server = servers.get(kind);
  if (!server) {
    server = startServer({ env: configurations[kind], startTimeoutMs: 240_000 });
    servers.set(kind, server);
    void server.then(
      (started) =>
        started.process.on("exit", (code, signal) => {
          // Every file sharing it fails from here on; its output says why.
          if (!stopping) process.stderr.write(`the shared ${kind} server ended (${code ?? signal}):\n${started.output()}\n`);
        }),
      () => servers.delete(kind),
    );
  }
  return server;
}

const broker = createServer((request, response) => {
  const kind = /^\/servers\/(plain|idp)$/.exec(request.url ?? "")?.[1] as SharedKind | undefined;
  response.setHeader("content-type", "application/json");
  if (!kind) {
    response.statusCode = 404;
    response.end(JSON.stringify({ error: "GET /servers/plain or /servers/idp" }));
    return;
  }
  serverOf(kind).then(
    (server) => response.end(JSON.stringify({ origin: server.origin })),
    (error: unknown) => {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: String(error) }));
    },
  );
});
await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));

const address: BrokerAddress = {
  broker: `http://127.0.0.1:${(broker.address() as AddressInfo).port}`,
  idp: { issuer: idp.issuer, signing: await exportJWK(idp.keys.signing), foreign: await exportJWK(idp.keys.foreign) },
};
process.stdout.write(`${JSON.stringify(address)}\n`);

process.once("SIGTERM", () => {
  stopping = true;
  broker.close();
  void Promise.allSettled([...servers.values()].map(async (server) => (await server).stop()))
    .then(() => idp.close())
    .finally(() => process.exit(0));
});
