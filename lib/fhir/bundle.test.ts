// The FHIR answer: a large Bundle is streamed in slices and must read back as the same JSON,
// gzipped or not; a small one is one JSON text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import type { Bundle, Observation } from "@medplum/fhirtypes";
import { bundleText, fhirReply, searchset } from "@/lib/fhir/bundle";

const request = new URL("http://localhost:3000/api/fhir/Observation?patient=7");

function bundleOf(entries: number): Bundle {
  const observations: Observation[] = Array.from({ length: entries }, (_, i) => ({
    resourceType: "Observation",
    id: String(i + 1),
    status: "final",
    code: { text: `Assessment ${i + 1} — «ü» 手` },
    valueQuantity: { value: i, unit: "score" },
  }));
  return searchset(observations, entries, { offset: 0, count: 1000 }, request);
}

for (const entries of [0, 1, 64, 65, 128, 129, 1000]) {
  test(`bundleText: ${entries} entries read back as the Bundle's JSON`, () => {
    const bundle = bundleOf(entries);
    const text = Buffer.concat([...bundleText(bundle)]).toString("utf8");
    assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(bundle)));
  });
}

test("a Bundle of more than 64 entries streams, gzipped for a client that accepts gzip", async () => {
  const bundle = bundleOf(200);
  const response = await fhirReply(bundle, new Request(request, { headers: { "accept-encoding": "gzip, deflate" } }));
  assert.equal(response.headers.get("content-type"), "application/fhir+json; charset=utf-8");
  assert.equal(response.headers.get("content-encoding"), "gzip");
  assert.equal(response.headers.get("content-length"), null);
  const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
  assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(bundle)));
});

test("a streamed Bundle is plain JSON for a client that does not accept gzip", async () => {
  const bundle = bundleOf(200);
  const response = await fhirReply(bundle, new Request(request));
  assert.equal(response.headers.get("content-encoding"), null);
  assert.deepEqual(await response.json(), JSON.parse(JSON.stringify(bundle)));
});

test("a small answer is one JSON text, gzipped only from 32 KiB", async () => {
  const small = await fhirReply(bundleOf(3), new Request(request, { headers: { "accept-encoding": "gzip" } }));
  assert.equal(small.headers.get("content-encoding"), null);
  assert.equal((await small.json()).entry.length, 3);
  const large = bundleOf(60);
  for (const item of large.entry!) (item.resource as Observation).note = [{ text: "x".repeat(1000) }];
  const compressed = await fhirReply(large, new Request(request, { headers: { "accept-encoding": "gzip" } }));
  assert.equal(compressed.headers.get("content-encoding"), "gzip");
  assert.equal(JSON.parse(gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString("utf8")).entry.length, 60);
});
