// lib/mail through the real resend SDK against a loopback stand-in of the Resend API.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startResend, type ResendStandIn } from "@/test/support/resend";

let resend: ResendStandIn;
let mail: typeof import("@/lib/mail");

before(async () => {
  resend = await startResend();
  delete process.env.SMTP_HOST;
  Object.assign(process.env, resend.env, { SMTP_FROM: "Hand Assessment <codes@hand.example>", LOG_LEVEL: "silent" });
  mail = await import("@/lib/mail");
});

after(() => resend.close());

test("Resend is chosen when RESEND_API_KEY is set, and the message arrives as sent", async () => {
  assert.equal(mail.mailTransport(), "resend");
  const result = await mail.sendMail(
    {
      to: "patient@example.com",
      subject: "Your code",
      text: "Code ABC-234",
      html: "<p>Code ABC-234</p>",
      replyTo: "help@hand.example",
      attachments: [{ filename: "report.pdf", content: Buffer.from("%PDF-1.4 test"), contentType: "application/pdf" }],
    },
    "test",
  );
  assert.deepEqual(result, { sent: true, transport: "resend", id: "email_1" });
  const [email] = resend.emails();
  assert.equal(email!.from, "Hand Assessment <codes@hand.example>");
  assert.deepEqual(email!.to, ["patient@example.com"]);
  assert.equal(email!.subject, "Your code");
  assert.equal(email!.text, "Code ABC-234");
  assert.equal(email!.html, "<p>Code ABC-234</p>");
  assert.equal(email!.attachments?.length, 1);
  assert.equal(email!.attachments![0]!.filename, "report.pdf");
  assert.equal(Buffer.from(email!.attachments![0]!.content, "base64").toString(), "%PDF-1.4 test");
  const request = resend.requests.at(-1)!;
  assert.equal(request.headers.authorization, `Bearer ${resend.env.RESEND_API_KEY}`);
});

test("a refusal by the API is a MailError", async () => {
  resend.failWith(422);
  try {
    await assert.rejects(mail.sendMail({ to: "patient@example.com", subject: "s", text: "t" }, "test"), mail.MailError);
  } finally {
    resend.failWith(null);
  }
});

test("an unreachable API is a MailError", async () => {
  await resend.close();
  await assert.rejects(mail.sendMail({ to: "patient@example.com", subject: "s", text: "t" }, "test"), mail.MailError);
});
