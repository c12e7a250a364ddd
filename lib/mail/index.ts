// Outgoing e-mail: Resend when RESEND_API_KEY is set (the SDK honours RESEND_BASE_URL), SMTP
// through nodemailer when SMTP_HOST is set, otherwise "not configured": nothing is sent, the
// caller answers `sent: false`, and a log line (without recipient or content) says so.
import nodemailer, { type Mail } from "nodemailer";
import { Resend } from "resend";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Extra headers (the reminders' List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface MailResult {
  sent: boolean;
  transport: "resend" | "smtp" | null;
  id?: string;
}

/** A configured transport failed to send (callers answer 500 or fall back, as their route says). */
export class MailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MailError";
  }
}

export function mailTransport(): "resend" | "smtp" | null {
  const { RESEND_API_KEY, SMTP_HOST } = env();
  if (RESEND_API_KEY) return "resend";
  if (SMTP_HOST) return "smtp";
  return null;
}

const holder = globalThis as unknown as { __handSmtp?: Mail };

function smtp(): Mail {
  const { SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS } = env();
  holder.__handSmtp ??= nodemailer.createTransport({
    host: SMTP_HOST,
    port: SMTP_PORT,
    secure: SMTP_PORT === 465,
    auth: SMTP_USER ? { user: SMTP_USER, pass: SMTP_PASS ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return holder.__handSmtp;
}

/** The Resend SDK sets no time limit of its own: a stalled API must not hold the request open. */
export const RESEND_TIMEOUT_MS = 10_000;

/** Sends a message; `purpose` names it in logs (never the address or content). */
export async function sendMail(message: MailMessage, purpose: string): Promise<MailResult> {
  const transport = mailTransport();
  const from = env().SMTP_FROM;
  if (!transport) {
    logger.warn({ purpose }, "mail not configured: message not sent");
    return { sent: false, transport: null };
  }
  try {
    if (transport === "resend") {
      const resend = new Resend(env().RESEND_API_KEY);
      const { data, error } = await resend.emails.send(
        {
          from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.attachments
            ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) }
            : {}),
        },
        { signal: AbortSignal.timeout(RESEND_TIMEOUT_MS) },
      );
      if (error) throw new MailError(`Resend refused the message: ${error.name}`);
      logger.info({ purpose, transport }, "mail sent");
      return { sent: true, transport, id: data?.id };
    }
    const info = await smtp().sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      headers: message.headers,
      attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    });
    logger.info({ purpose, transport }, "mail sent");
    return { sent: true, transport, id: info.messageId };
  } catch (error) {
    logger.error({ purpose, transport, err: (error as Error).name }, "mail transport failed");
    throw error instanceof MailError ? error : new MailError("The mail transport failed", { cause: error });
  }
}
