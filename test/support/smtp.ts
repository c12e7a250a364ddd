// A loopback SMTP server (smtp-server) that keeps every message it receives.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpStandIn {
  env: Record<string, string>;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpStandIn> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = (server.server as import("node:net").Server).address() as AddressInfo;
  return {
    env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port) },
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
