// lib/mail through nodemailer against a loopback smtp-server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startSmtp, type SmtpStandIn } from "@/test/support/smtp";

let smtp: SmtpStandIn;
let mail: typeof import("@/lib/mail");

before(async () => {
  smtp = await startSmtp();
  delete process.env.RESEND_API_KEY;
  Object.assign(process.env, smtp.env, { SMTP_FROM: "Hand Assessment <codes@hand.example>", LOG_LEVEL: "silent" });
  mail = await import("@/lib/mail");
});

after(() => smtp.close());

test("SMTP is chosen when SMTP_HOST is set (and Resend is not), and the message arrives", async () => {
  assert.equal(mail.mailTransport(), "smtp");
  const result = await mail.sendMail(
    {
      to: "patient@example.com",
      subject: "Your code ABC-234",
      text: "See https://hand.example/a/ABC-234",
      attachments: [{ filename: "report.pdf", content: Buffer.from("%PDF-1.4 smtp"), contentType: "application/pdf" }],
    },
    "test",
  );
  assert.equal(result.sent, true);
  assert.equal(result.transport, "smtp");
  assert.equal(typeof result.id, "string");
  assert.equal(smtp.messages.length, 1);
  const [message] = smtp.messages;
  assert.equal(message!.from, "codes@hand.example");
  assert.deepEqual(message!.to, ["patient@example.com"]);
  assert.match(message!.raw, /^Subject: Your code ABC-234$/m);
  assert.match(message!.raw, /^From: Hand Assessment <codes@hand\.example>$/m);
  assert.match(message!.raw, /https:\/\/hand\.example\/a\/ABC-234/);
  assert.match(message!.raw, /filename=report\.pdf/);
  assert.match(message!.raw, new RegExp(Buffer.from("%PDF-1.4 smtp").toString("base64")));
});

test("a server that is gone is a MailError", async () => {
  await smtp.close();
  await assert.rejects(mail.sendMail({ to: "patient@example.com", subject: "s", text: "t" }, "test"), mail.MailError);
});
