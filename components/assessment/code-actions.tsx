"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { z } from "zod";
import { Alert, Button, Card, FieldError, fieldAria, inputStyles } from "@/components/ui";
import type { claimResponse } from "@/lib/lookup/schemas";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

type Notice = { kind: "success" | "error" | "info"; text: string } | null;

export function ClaimButton({ code, signedIn, claimable }: { code: string; signedIn: boolean; claimable: boolean }) {
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(!claimable);
  const router = useRouter();

  if (!signedIn) {
    return (
      <p className="text-sm text-slate-700">
        <Link href={`/signin?callbackUrl=/a/${code}`} className="font-semibold text-teal-800 underline underline-offset-2">
          Sign in
        </Link>{" "}
        to keep this result in your account.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {claimed && !notice ? (
        <p className="text-sm text-slate-700">This assessment belongs to an account.</p>
      ) : (
        !claimed && (
          <Button
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const result = await proxy<z.output<typeof claimResponse>>(`/lookup/${code}/claim`, { method: "POST" });
              setBusy(false);
              if (result.ok) {
                setClaimed(true);
                setNotice({ kind: "success", text: "Claimed: this assessment is now in your account and will not expire." });
                // The page's own figures (the badge, the expiry, the change over time) follow.
                router.refresh();
              } else if (result.status === 401) {
                setNotice({ kind: "error", text: "Your sign-in has expired. Please sign in again." });
              } else {
                setNotice({ kind: "error", text: errorText(result.data) });
              }
            }}
          >
            {busy ? "Claiming…" : "Claim to my account"}
          </Button>
        )
      )}
      {notice && (
        <Alert kind={notice.kind}>
          {notice.text}
          {notice.kind === "success" && (
            <>
              {" "}
              <Link href="/dashboard" className="font-semibold underline">
                Open my dashboard
              </Link>
            </>
          )}
        </Alert>
      )}
    </div>
  );
}

/** A small "send this by e-mail" form: `path` is the proxy path, `field` the body's address field. */
export function EmailForm({
  path,
  field,
  label,
  buttonLabel,
}: {
  path: string;
  field: "email" | "to";
  label: string;
  buttonLabel: string;
}) {
  const id = useId();
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setNotice(null);
        const result = await proxy<{ sent?: boolean; message?: string; field?: string }>(path, {
          method: "POST",
          body: { [field]: address },
        });
        setBusy(false);
        if (result.ok) {
          setError(null);
          setNotice(
            result.data.sent === false
              ? { kind: "info", text: "E-mail is not set up on this server, so nothing was sent. Note the code instead." }
              : { kind: "success", text: "Sent. Check your inbox." },
          );
        } else if (result.status === 400) {
          setError(errorText(result.data).replace(/^\w+: /, "") || "Enter a valid e-mail address");
        } else {
          setNotice({ kind: "error", text: errorText(result.data) });
        }
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          {...fieldAria(id, error)}
          type="email"
          autoComplete="email"
          className={inputStyles}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Sending…" : buttonLabel}
        </Button>
      </div>
      <FieldError id={id} error={error} />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
    </form>
  );
}

export function AssessmentActions({ code, signedIn, isAnonymous }: { code: string; signedIn: boolean; isAnonymous: boolean }) {
  return (
    <Card title="Keep this result">
      <div className="space-y-5">
        <ClaimButton code={code} signedIn={signedIn} claimable={isAnonymous} />
        <EmailForm path={`/lookup/${code}/email`} field="email" label="E-mail me this code" buttonLabel="E-mail me" />
      </div>
    </Card>
  );
}
