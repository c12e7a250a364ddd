"use client";
// The report page's actions: Download PDF, Print and E-mail side by side (hidden in print), and
// the e-mail form, which confirms "Sent to <address>" in a live region. Its words come from the
// page, in the page's language (no catalogue in the browser).
import { useId, useRef } from "react";
import { Button, buttonStyles } from "@/components/ui";
import { EmailForm } from "@/components/ui/email-form";
import { useViewerClock } from "@/components/ui/when";
import { query } from "@/lib/web/client";

export interface ReportActionsText {
  download: string;
  print: string;
  email: string;
  emailLabel: string;
  send: string;
  /** "Sent to {to}." with `{to}` where the address goes. */
  sentTo: string;
  notSetUp: string;
  invalidAddress: string;
  sending: string;
  failed: string;
}

export function ReportActions({ code, formattedCode, text }: { code: string; formattedCode: string; text: ReportActionsText }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The PDF and the e-mail are dated on this viewer's clock (the server only knows UTC).
  const clock = useViewerClock();
  return (
    <div className="space-y-4 print:hidden">
      <div className="flex flex-wrap gap-3">
        <a
          className={buttonStyles.primary}
          href={`/api/proxy/reports/${code}/pdf${query(clock ?? {})}`}
          download={`hand-report-${formattedCode}.pdf`}
        >
          {text.download}
        </a>
        <Button variant="secondary" onClick={() => window.print()}>
          {text.print}
        </Button>
        <a
          className={buttonStyles.secondary}
          href={`#${id}`}
          onClick={(event) => {
            event.preventDefault();
            input.current?.focus();
            input.current?.scrollIntoView({ block: "center" });
          }}
        >
          {text.email}
        </a>
      </div>
      <EmailForm
        id={id}
        inputRef={input}
        path={`/reports/${code}/email`}
        field="to"
        extra={clock ?? undefined}
        label={text.emailLabel}
        buttonLabel={text.send}
        sentText={(to) => text.sentTo.replace("{to}", to)}
        notSetUpText={text.notSetUp}
        invalidText={text.invalidAddress}
        sendingText={text.sending}
        failedText={text.failed}
      />
    </div>
  );
}
