// lib/mail with no transport configured: nothing is sent and the caller learns it.
import assert from "node:assert/strict";
import { test } from "node:test";

test("without RESEND_API_KEY and SMTP_HOST nothing is sent: { sent: false, transport: null }", async () => {
  delete process.env.RESEND_API_KEY;
  delete process.env.SMTP_HOST;
  process.env.LOG_LEVEL = "silent";
  const mail = await import("@/lib/mail");
  assert.equal(mail.mailTransport(), null);
  assert.deepEqual(await mail.sendMail({ to: "patient@example.com", subject: "s", text: "t" }, "test"), { sent: false, transport: null });
});
