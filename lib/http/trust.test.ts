// Which X-Forwarded-For entry is the client, for each TRUST_PROXY setting.
import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { test } from "node:test";
import { clientAddressOf, compileTrust, isHttps } from "@/lib/http/trust";

function request(peer: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers, connection: { remoteAddress: peer } } as unknown as IncomingMessage;
}

test("unset: the socket's address, whatever X-Forwarded-For says", () => {
  const trust = compileTrust(undefined);
  assert.equal(clientAddressOf(request("203.0.113.5", { "x-forwarded-for": "198.51.100.1" }), trust), "203.0.113.5");
  assert.equal(clientAddressOf(request("::ffff:127.0.0.1"), trust), "127.0.0.1", "IPv4-mapped addresses read as IPv4");
});

test("loopback: a local proxy's last entry is the client; entries the client wrote itself are not", () => {
  const trust = compileTrust("loopback");
  assert.equal(clientAddressOf(request("127.0.0.1", { "x-forwarded-for": "198.51.100.1" }), trust), "198.51.100.1");
  assert.equal(clientAddressOf(request("127.0.0.1", { "x-forwarded-for": "10.9.9.9, 198.51.100.1" }), trust), "198.51.100.1");
  assert.equal(
    clientAddressOf(request("203.0.113.5", { "x-forwarded-for": "198.51.100.1" }), trust),
    "203.0.113.5",
    "an untrusted peer speaks for nobody",
  );
});

test("a hop count trusts that many proxies from the socket inwards", () => {
  const trust = compileTrust("2");
  const headers = { "x-forwarded-for": "198.51.100.1, 203.0.113.9, 10.0.0.2" };
  assert.equal(clientAddressOf(request("10.0.0.1", headers), trust), "203.0.113.9");
});

test("a CIDR list trusts the proxies inside it", () => {
  const trust = compileTrust("10.0.0.0/8, 192.168.0.1");
  assert.equal(clientAddressOf(request("10.1.2.3", { "x-forwarded-for": "198.51.100.1, 192.168.0.1" }), trust), "198.51.100.1");
  assert.throws(() => compileTrust("10.0.0.0/99"));
});

test("https: the socket's TLS, or X-Forwarded-Proto from a trusted proxy only", () => {
  const trust = compileTrust("loopback");
  assert.equal(isHttps(request("127.0.0.1", { "x-forwarded-proto": "https" }), trust), true);
  assert.equal(isHttps(request("203.0.113.5", { "x-forwarded-proto": "https" }), trust), false);
  assert.equal(isHttps(request("127.0.0.1", { "x-forwarded-proto": "http" }), trust), false);
});
