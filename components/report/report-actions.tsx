"use client";
// The report page's actions: Download PDF, Print and E-mail side by side (hidden in print), and
// the e-mail form, which confirms "Sent to <address>" in a live region.
import { useId, useRef, useState } from "react";
import { Button, FieldError, buttonStyles, fieldAria, inputStyles } from "@/components/ui";
import type { emailReportResponse } from "@/lib/reports/schemas";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";
import type { z } from "zod";

type Notice = { kind: "success" | "info" | "error"; text: string } | null;

const NOTICE_STYLES: Record<NonNullable<Notice>["kind"], string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  info: "border-sky-700 bg-sky-50 text-sky-950",
  error: "border-red-700 bg-red-50 text-red-900",
};

export function ReportActions({ code, formattedCode }: { code: string; formattedCode: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-4 print:hidden">
      <div className="flex flex-wrap gap-3">
        <a className={buttonStyles.primary} href={`/api/proxy/reports/${code}/pdf`} download={`hand-report-${formattedCode}.pdf`}>
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
      <form
        noValidate
        className="space-y-2"
        onSubmit={async (event) => {
          event.preventDefault();
          const to = address.trim();
          setBusy(true);
          setNotice(null);
          const result = await proxy<z.output<typeof emailReportResponse> & { field?: string }>(`/reports/${code}/email`, {
            method: "POST",
            body: { to },
          });
          setBusy(false);
          if (result.ok) {
            setError(null);
            setNotice(
              result.data.sent
                ? { kind: "success", text: `Sent to ${to}.` }
                : {
                    kind: "info",
                    text: "E-mail is not set up on this server, so nothing was sent. Download the PDF or share the link instead.",
                  },
            );
          } else if (result.status === 400) {
            setError(errorText(result.data).replace(/^\w+: /, "") || "Enter a valid e-mail address");
          } else {
            setNotice({ kind: "error", text: errorText(result.data) });
          }
        }}
      >
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          E-mail this report (the PDF is attached)
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            {...fieldAria(id, error)}
            ref={input}
            type="email"
            autoComplete="email"
            className={inputStyles}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Sending…" : "Send"}
          </Button>
        </div>
        <FieldError id={id} error={error} />
        <p
          role="status"
          aria-live="polite"
          data-testid="email-status"
          className={notice ? `rounded-lg border-l-4 px-3 py-2 text-sm ${NOTICE_STYLES[notice.kind]}` : "sr-only"}
        >
          {notice?.text ?? ""}
        </p>
      </form>
    </div>
  );
}
