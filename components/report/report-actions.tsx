"use client";
// The report page's actions: Download PDF, Print and E-mail side by side (hidden in print), and
// the e-mail form, which confirms "Sent to <address>" in a live region.
import { useId, useRef } from "react";
import { Button, buttonStyles } from "@/components/ui";
import { EmailForm } from "@/components/ui/email-form";
import { useViewerClock } from "@/components/ui/when";
import { query } from "@/lib/web/client";

export function ReportActions({ code, formattedCode }: { code: string; formattedCode: string }) {
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
          Download PDF
        </a>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
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
          E-mail
        </a>
      </div>
      <EmailForm
        id={id}
        inputRef={input}
        path={`/reports/${code}/email`}
        field="to"
        extra={clock ?? undefined}
        label="E-mail this report (the PDF is attached)"
        buttonLabel="Send"
        sentText={(to) => `Sent to ${to}.`}
        notSetUpText="E-mail is not set up on this server, so nothing was sent. Download the PDF or share the link instead."
      />
    </div>
  );
}
