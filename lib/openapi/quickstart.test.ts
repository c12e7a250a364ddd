// The quick start on /developers shows requests and answers the API really takes and gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import { curlCommand, QUICK_START } from "@/lib/openapi/quickstart";

for (const step of QUICK_START) {
  test(`${step.title}: the request and the sample answer follow ${step.endpoint.method} ${step.endpoint.path}'s contract`, () => {
    if (step.body) {
      const parsed = step.endpoint.body?.safeParse(step.body);
      assert.ok(parsed?.success, JSON.stringify(parsed?.error?.issues));
    }
    const response = step.endpoint.responses.find((r) => r.status === step.status);
    assert.ok(response, `${step.status} is documented`);
    if (step.sample) {
      const parsed = response.schema?.safeParse(step.sample);
      assert.ok(parsed?.success, JSON.stringify(parsed?.error?.issues));
    } else {
      assert.notEqual(response.contentType ?? "application/json", "application/json", "only a file answer goes without a sample");
    }
    const template = new RegExp(`^${step.endpoint.path.replace(/\{\w+\}/g, "[^/]+")}$`);
    assert.match(step.path, template);
  });
}

test("the curl commands are copy-paste ready", () => {
  assert.equal(
    curlCommand(QUICK_START[2]!, "https://hands.example"),
    `curl -X POST https://hands.example/api/reports \\\n  -H 'content-type: application/json' \\\n  -d '{"title":"Both hands, March","assessmentCodes":["ABC-234","DEF-567"]}'`,
  );
  assert.equal(
    curlCommand(QUICK_START[3]!, "https://hands.example"),
    "curl https://hands.example/api/reports/XYZ-789/pdf \\\n  -o report.pdf",
  );
});
