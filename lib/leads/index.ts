// Developer leads: stored first (a lead is never lost), then e-mailed to the team. A filled
// honeypot gets the same answer as a person and leaves no trace.
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { MailError, mailTransport, sendMail } from "@/lib/mail";
import type { developerLeadInput, developerLeadResponse } from "@/lib/leads/schemas";

type LeadInput = z.output<typeof developerLeadInput>;
type LeadResponse = z.output<typeof developerLeadResponse>;

const THANKS = "Thank you! We received your message and will be in touch soon.";

function leadEmail(lead: LeadInput & { id: number }) {
  const lines = [
    `New developer lead #${lead.id}`,
    "",
    `Type:     ${lead.type}`,
    `Name:     ${lead.name}`,
    `E-mail:   ${lead.email}`,
    `Company:  ${lead.company ?? "-"}`,
    `Interest: ${lead.interest ?? "-"}`,
    "",
    lead.message ?? "(no message)",
  ];
  return {
    to: env().LEADS_EMAIL ?? env().SMTP_FROM,
    replyTo: lead.email,
    subject: `Developer lead (${lead.type === "DEMO" ? "demo request" : "stay in touch"}): ${lead.company ?? lead.name}`,
    text: lines.join("\n"),
  };
}

export async function submitDeveloperLead(input: LeadInput): Promise<LeadResponse> {
  if (input.website && input.website.trim() !== "") {
    logger.info("developer lead: honeypot filled, absorbed");
    return { received: true, sent: mailTransport() !== null, message: THANKS };
  }
  const { website: _honeypot, ...fields } = input;
  const lead = await db().lead.create({ data: fields, select: { id: true } });

  let sent = false;
  try {
    sent = (await sendMail(leadEmail({ ...fields, id: lead.id }), "developer-lead")).sent;
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
  }
  if (sent) await db().lead.update({ where: { id: lead.id }, data: { sent: true } });
  else logger.warn({ leadId: lead.id }, "developer lead stored but not e-mailed");
  return { received: true, sent, message: THANKS };
}
