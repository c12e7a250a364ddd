// Row 15 of the abuse review: a JSON body nested 10,000 levels deep was a 500. Bodies nested
// deeper than the API needs are now refused with a 400 before anything parses them further.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiClient } from "@/test/support/http";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let server: SharedServer;

before(async () => {
  server = await sharedServer();
});
after(() => server?.stop());

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

for (const [path, body] of [
  ["/lookup/anonymous", `{"assessmentType":"ROM","resultSnapshot":{"deep":${nested(10_000)}}}`],
  ["/assessments/rom", `{"hand":"LEFT","overallScore":50,"lightingMetrics":{"x":${nested(10_000)}}}`],
  ["/leads/developer", `{"name":"n","email":"a@example.com","message":${nested(10_000)}}`],
  ["/reports", nested(100_000)],
] as const) {
  test(`${path}: a body nested 10,000 deep is a 400, not a 500`, async () => {
    const response = await apiClient(server.origin).post(path, body);
    assert.equal(response.status, 400);
    assert.match(response.body.error, /nest/i);
  });
}

test("strings full of brackets are not nesting", async () => {
  const response = await apiClient(server.origin).post("/leads/developer", {
    name: "n",
    email: "a@example.com",
    message: "[[[[{{{{".repeat(400),
  });
  assert.equal(response.status, 201);
});
