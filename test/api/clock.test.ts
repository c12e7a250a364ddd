// One clock: the PDF and the report e-mail are dated on the clock of whoever asked for them (the
// report page sends its browser's time zone and locale), named in the document; a zone or locale
// that is not one is a 400 naming the field.
// Own server: it writes as the development personas (fixed users) and reads its own mail stand-in.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { apiClient, checked } from "@/test/support/http";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let resend: ResendStandIn;
let api: ReturnType<typeof apiClient>;
let report: string;

before(async () => {
  resend = await startResend();
  server = await startServer({ env: { ...resend.env, AUTH0_DOMAIN: undefined } });
  api = apiClient(server.origin);
  const rom = await api.post("/assessments/rom", romBody, { headers: { "x-dev-user": "anonymous" } });
  const created = await api.post(
    "/reports",
    { assessmentCodes: [rom.body.code], title: "Clock" },
    { headers: { "x-dev-user": "anonymous" } },
  );
  assert.equal(created.status, 200);
  report = created.body.code;
});
after(async () => {
  await server?.stop();
  await resend?.close();
});

function pdfText(bytes: ArrayBuffer): string {
  const run = spawnSync("pdftotext", ["-layout", "-", "-"], { input: Buffer.from(bytes) });
  return run.stdout.toString("utf8");
}

test("GET /reports/{code}/pdf?timeZone&locale: dated in that zone and language, named in the footer; UTC without", async () => {
  const local = await fetch(`${server.origin}/api/reports/${report}/pdf?timeZone=America/New_York&locale=en-US`);
  assert.equal((await checked(server.origin, "GET", `/reports/${report}/pdf`, local.clone())).status, 200);
  const text = pdfText(await local.arrayBuffer());
  assert.match(text, /dates in America\/New York time/);
  assert.match(text, /(AM|PM) E[SD]T/);
  const inUtc = await fetch(`${server.origin}/api/reports/${report}/pdf`);
  assert.equal((await checked(server.origin, "GET", `/reports/${report}/pdf`, inUtc.clone())).status, 200);
  const utc = pdfText(await inUtc.arrayBuffer());
  assert.match(utc, /dates in UTC/);
  assert.doesNotMatch(utc, /New York/);
});

test("a time zone or locale that is not one is a 400 naming it", async () => {
  for (const [query, field] of [
    ["timeZone=Mars/Olympus_Mons", "timeZone"],
    ["timeZone=%2B05:00", "timeZone"],
    ["timeZone=EST", "timeZone"],
    ["locale=not%20a%20language", "locale"],
  ]) {
    const answer = await api.get(`/reports/${report}/pdf?${query}`);
    assert.equal(answer.status, 400, query);
    assert.equal(answer.body.field, field, query);
  }
  const mail = await api.post(`/reports/${report}/email`, { to: "therapist@example.org", timeZone: "Nowhere/Land" });
  assert.equal(mail.status, 400);
  assert.equal(mail.body.field, "timeZone");
});

test("POST /reports/{code}/email with the sender's clock: the e-mail dates the report on it and names the zone", async () => {
  const sent = await api.post(`/reports/${report}/email`, { to: "therapist@example.org", timeZone: "Asia/Tokyo", locale: "en-GB" });
  assert.equal(sent.status, 200);
  const email = resend.emails().at(-1)!;
  assert.match(email.text!, /Dates in the PDF are in Asia\/Tokyo time\./);
  assert.match(email.html!, /Dates in the PDF are in Asia\/Tokyo time\./);
  const pdf = Buffer.from(email.attachments![0]!.content, "base64");
  assert.match(pdfText(pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength)), /dates in Asia\/Tokyo time/);
});
