"use client";
// The one "send this by e-mail" form (an assessment's code, a report's PDF): the address field
// with its error, and a status line that is always in the page, so screen readers announce
// "Sent to …" or why nothing was sent when it changes.
import { useId, useState, type Ref } from "react";
import { Button, FieldError, fieldAria, inputStyles } from "@/components/ui";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

type Notice = { kind: "success" | "info" | "error"; text: string } | null;

const NOTICE_STYLES: Record<NonNullable<Notice>["kind"], string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  info: "border-sky-700 bg-sky-50 text-sky-950",
  error: "border-red-700 bg-red-50 text-red-900",
};

type EmailFormProps = {
  /** The proxy path the address is posted to. */
  path: string;
  /** The body's address field. */
  field: "email" | "to";
  label: string;
  buttonLabel: string;
  /** What the status line says once the mail is sent to `to`. */
  sentText: (to: string) => string;
  /** What it says when the server has no mail service. */
  notSetUpText: string;
  /** What the field's error says when the address is refused without a reason. */
  invalidText?: string;
  /** The button while sending, and the status when sending failed without a reason (the page's language). */
  sendingText?: string;
  failedText?: string;
  /** The address field's id, for a link that jumps to it. */
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** More body fields sent with the address (e.g. the viewer's time zone). */
  extra?: Record<string, string>;
};

/** Posts the address; a 400 is the field's error, a missing mail service or another failure the status line's. */
function useEmailSend({
  path,
  field,
  sentText,
  notSetUpText,
  invalidText,
  failedText,
  extra,
}: Pick<EmailFormProps, "path" | "field" | "sentText" | "notSetUpText" | "failedText" | "extra"> & { invalidText: string }) {
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const to = address.trim();
    setBusy(true);
    setNotice(null);
    setError(null);
    const result = await proxy<{ sent?: boolean; field?: string }>(path, { method: "POST", body: { ...extra, [field]: to } });
    setBusy(false);
    if (result.ok) {
      setNotice(result.data.sent === false ? { kind: "info", text: notSetUpText } : { kind: "success", text: sentText(to) });
    } else if (result.status === 400) {
      setError(errorText(result.data).replace(/^\w+: /, "") || invalidText);
    } else {
      setNotice({ kind: "error", text: errorText(result.data, failedText) });
    }
  };
  return { address, setAddress, error, notice, busy, send };
}

export function EmailForm(props: EmailFormProps) {
  const { label, buttonLabel, invalidText = "Enter a valid e-mail address", sendingText = "Sending…", id: givenId, inputRef } = props;
  const ownId = useId();
  const id = givenId ?? ownId;
  const { address, setAddress, error, notice, busy, send } = useEmailSend({ ...props, invalidText });
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        await send();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          {...fieldAria(id, error)}
          ref={inputRef}
          type="email"
          autoComplete="email"
          className={inputStyles}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={busy} className="shrink-0 whitespace-nowrap">
          {busy ? sendingText : buttonLabel}
        </Button>
      </div>
      <FieldError id={id} error={error} />
      <StatusLine notice={notice} />
    </form>
  );
}

/** Always in the page (empty and visually hidden when there is nothing to say), so a change is announced. */
function StatusLine({ notice }: { notice: Notice }) {
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="email-status"
      className={notice ? `rounded-lg border-l-4 px-3 py-2 text-sm ${NOTICE_STYLES[notice.kind]}` : "sr-only"}
    >
      {notice?.text ?? ""}
    </p>
  );
}
