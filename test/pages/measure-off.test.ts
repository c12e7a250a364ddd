// A deployment whose licence does not cover a questionnaire switches it off (MEASURE_OFF): its
// page is not found and /measure does not list it; the other tests stay.
// Own server: MEASURE_OFF switches a questionnaire off (the "on" side uses the shared server).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startServer } from "@/test/support/server";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let on: SharedServer;
let off: SharedServer;

before(async () => {
  [on, off] = await Promise.all([sharedServer(), startServer({ env: { MEASURE_OFF: "quickdash" } })]);
});
after(() => Promise.all([on?.stop(), off?.stop()]));

async function page(server: SharedServer, path: string): Promise<{ status: number; html: string }> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`);
  return { status: response.status, html: await response.text() };
}

test("on by default: listed, and its page asks the questions", async () => {
  const list = await page(on, "/measure");
  assert.equal(list.status, 200);
  assert.match(list.html, /href="\/measure\/quickdash"/);
  const questionnaire = await page(on, "/measure/quickdash");
  assert.equal(questionnaire.status, 200);
  assert.match(questionnaire.html, /Open a tight or new jar\./);
  assert.match(questionnaire.html, /QuickDASH © Institute for Work &amp; Health 2006/);
});

test("MEASURE_OFF=quickdash: not listed, its page not found, pain and tapping still offered", async () => {
  const list = await page(off, "/measure");
  assert.equal(list.status, 200);
  assert.doesNotMatch(list.html, /href="\/measure\/quickdash"/);
  assert.match(list.html, /href="\/measure\/pain"/);
  assert.match(list.html, /href="\/measure\/tapping"/);
  assert.equal((await page(off, "/measure/quickdash")).status, 404);
});
