// The run's shared test servers (issue 40: one server start and one warm-up instead of one per
// file). `npm test` starts a broker (test/support/shared-server-broker.ts) that starts each kind of
// server on its first request and keeps it for the whole run; every file asking for that kind gets
// the same server. Without the broker (a file run on its own with `node --test`) the file starts
// its own, so a file means the same thing either way.
//
// A file may share a server when what it asserts holds whatever other files do beside it: its
// users are its own (uniqueSub), it reads nothing the whole database holds (an admin's full lists,
// counts across patients, the audit trail's last row), and it needs neither the server's output
// nor its process. Such a file calls sharedServer() instead of startServer(); a file that needs
// its own server (a setting of its own, a clock, a log line, a signal) keeps startServer().
import { importJWK, type CryptoKey, type JWK } from "jose";
import { startIdentityProvider, tokenIssuer, type IdentityProvider } from "./identity-provider.ts";
import { startServer } from "./server.ts";

/**
 * The shared configurations: `plain` is startServer()'s defaults (development sign-in, no
 * identity provider); `idp` adds the run's identity provider, as `{ env: idp.env }` does.
 */
export type SharedKind = "plain" | "idp";

/** What a file may use of a shared server: where it answers. `stop` is a no-op on a shared one. */
export interface SharedServer {
  origin: string;
  stop(): Promise<unknown>;
}

/** What the broker tells the test processes (TEST_SHARED_SERVERS): where it is, and the provider's keys. */
export interface BrokerAddress {
  broker: string;
  idp: { issuer: string; signing: JWK; foreign: JWK };
}

function brokerAddress(): BrokerAddress | undefined {
  const value = process.env.TEST_SHARED_SERVERS;
  return value ? (JSON.parse(value) as BrokerAddress) : undefined;
}

async function sharedProvider(address: BrokerAddress): Promise<IdentityProvider> {
  const key = async (jwk: JWK) => (await importJWK(jwk, "RS256")) as CryptoKey;
  const keys = { signing: await key(address.idp.signing), foreign: await key(address.idp.foreign) };
  return tokenIssuer(address.idp.issuer, keys, async () => {});
}

async function askBroker(address: BrokerAddress, kind: SharedKind): Promise<SharedServer> {
  const response = await fetch(`${address.broker}/servers/${kind}`);
  const body = (await response.json()) as { origin?: string; error?: string };
  if (!response.ok || !body.origin) throw new Error(`the shared ${kind} server did not start: ${body.error ?? response.status}`);
  return { origin: body.origin, stop: async () => {} };
}

/** The run's server with startServer()'s defaults. */
export async function sharedServer(): Promise<SharedServer> {
  const address = brokerAddress();
  return address ? askBroker(address, "plain") : startServer();
}

/** The run's server that trusts the run's identity provider, and that provider. */
export async function sharedServerWithIdp(): Promise<{ server: SharedServer; idp: IdentityProvider }> {
  const address = brokerAddress();
  if (address) return { server: await askBroker(address, "idp"), idp: await sharedProvider(address) };
  const idp = await startIdentityProvider();
  return { server: await startServer({ env: idp.env }), idp };
}
