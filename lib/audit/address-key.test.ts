// AUDIT_ADDRESS_KEY (docs/security.md): the trail keeps the HMAC-SHA256 of a client's address
// instead of the address. Rows of one client still match, another client's differ, the table
// alone shows no address, and an investigator holding the key can test a suspect address.
// Its own file: the configuration is read once per process.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { test } from "node:test";

const KEY = "an-audit-address-key-of-32-characters-or-more";
process.env.AUDIT_ADDRESS_KEY = KEY;
const { auditColumns } = await import("@/lib/audit");

const from = (address: string) =>
  auditColumns(
    {
      user: null,
      route: "/api/patients/{id}",
      requestId: "req-1",
      clientRequestId: null,
      address,
      limits: { key: `client:${address}`, site: null },
    },
    "read_profile",
  ).clientAddress;

test("with AUDIT_ADDRESS_KEY the trail keeps a keyed hash of the address: one client's rows match, the key holder can test a suspect", () => {
  const kept = from("10.3.0.1");
  assert.match(kept, /^hmac-sha256:[0-9a-f]{64}$/);
  assert.ok(!kept.includes("10.3.0.1"), "the address itself is not kept");
  assert.equal(from("10.3.0.1"), kept, "the same client, the same value");
  assert.notEqual(from("10.3.0.2"), kept, "another client, another value");
  assert.equal(kept, `hmac-sha256:${createHmac("sha256", KEY).update("10.3.0.1").digest("hex")}`, "what an investigator computes");
});
