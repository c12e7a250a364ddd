// A Bundle of more than 64 entries leaves in slices: the first bytes a client reads are a part of
// the answer, not the whole text serialized up front.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Observation } from "@medplum/fhirtypes";
import { fhirReply, searchset } from "@/lib/fhir/bundle";

const request = new URL("http://localhost:3000/api/fhir/Observation?patient=7");

test("a Bundle of 65 entries arrives in more than one piece; 64 entries arrive as one", async () => {
  const piecesOf = async (entries: number) => {
    const observations: Observation[] = Array.from({ length: entries }, (_, i) => ({
      resourceType: "Observation",
      id: String(i + 1),
      status: "final",
      code: { text: `Assessment ${i + 1}` },
    }));
    const response = await fhirReply(searchset(observations, entries, { offset: 0, count: 1000 }, request), new Request(request));
    const pieces: Uint8Array[] = [];
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value);
    assert.equal(JSON.parse(Buffer.concat(pieces).toString("utf8")).entry.length, entries);
    return pieces.length;
  };
  assert.equal(await piecesOf(64), 1);
  assert.ok((await piecesOf(65)) > 1, "a streamed Bundle arrived as one piece");
});
