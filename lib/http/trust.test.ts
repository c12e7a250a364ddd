// Which X-Forwarded-For entry is the client, for each TRUST_PROXY setting.
import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { test } from "node:test";
import { limitSubjectOf } from "@/lib/http/client-address";
import { clientAddressOf, clientKeyOf, compileTrust, isHttps, siteKeyOf } from "@/lib/http/trust";

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

test("the exact address is kept, in one spelling", () => {
  const trust = compileTrust("loopback");
  assert.equal(clientAddressOf(request("127.0.0.1", { "x-forwarded-for": "2001:DB8:0:0:1::7" }), trust), "2001:db8::1:0:0:7");
  assert.equal(clientAddressOf(request("127.0.0.1", { "x-forwarded-for": "::ffff:198.51.100.1" }), trust), "198.51.100.1");
  assert.equal(clientAddressOf(request("127.0.0.1", { "x-forwarded-for": "010.1.2.3" }), trust), "8.1.2.3");
});

const keys: [string, string, string | null][] = [
  ["198.51.100.7", "198.51.100.7", null],
  ["::ffff:198.51.100.7", "198.51.100.7", null],
  ["::ffff:c633:6407", "198.51.100.7", null],
  ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64", "2001:db8:1::/48"],
  ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64", "2001:db8:1::/48"],
  ["2001:0DB8:0001:0002::1", "2001:db8:1:2::/64", "2001:db8:1::/48"],
  ["2001:db8:1:3::1", "2001:db8:1:3::/64", "2001:db8:1::/48"],
  ["2001:db8:2:2::1", "2001:db8:2:2::/64", "2001:db8:2::/48"],
  ["::1", "::/64", "::/48"],
  ["255.255.255.255", "255.255.255.255", null],
  ["0.0.0.0", "0.0.0.0", null],
  // Other spellings of IPv4 are read as the address they are, not counted as a key of their own.
  ["010.1.2.3", "8.1.2.3", null],
  ["0x0a.1.2.3", "10.1.2.3", null],
  ["1.2.3", "1.2.0.3", null],
  ["256.1.1.1", "256.1.1.1", null],
  ["unknown", "unknown", null],
];

for (const [address, client, site] of keys) {
  test(`keys of ${address}: client ${client}, site ${site}`, () => {
    assert.equal(clientKeyOf(address), client);
    assert.equal(siteKeyOf(address), site);
  });
}

test("limits count a signed-in caller by its subject (hashed, apart from every address) and anyone else by the client key", () => {
  const alice = limitSubjectOf("2001:db8:1:2::9", { sub: "auth0|alice" });
  assert.match(alice.key, /^user:[0-9a-f]{32}$/);
  assert.equal(alice.site, null);
  assert.ok(!alice.key.includes("alice"), "no identity in the limit store");
  assert.deepEqual(limitSubjectOf("198.51.100.1", { sub: "auth0|alice" }), alice, "one user, one key, wherever from");
  assert.notEqual(limitSubjectOf("198.51.100.1", { sub: "auth0|bob" }).key, alice.key);
  assert.deepEqual(limitSubjectOf("2001:db8:1:2::9", null), { key: "client:2001:db8:1:2::/64", site: "2001:db8:1::/48" });
  assert.deepEqual(limitSubjectOf("198.51.100.1", null), { key: "client:198.51.100.1", site: null });
});
