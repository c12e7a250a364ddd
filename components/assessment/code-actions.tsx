"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { z } from "zod";
import { Alert, Button, Card } from "@/components/ui";
import { EmailForm } from "@/components/ui/email-form";
import type { claimResponse } from "@/lib/lookup/schemas";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

type Notice = { kind: "success" | "error" | "info"; text: string } | null;

export function ClaimButton({
  code,
  signedIn,
  canSignIn,
  claimable,
}: {
  code: string;
  signedIn: boolean;
  /** False on an API-only server (no web sign-in): no link to a sign-in that cannot happen. */
  canSignIn: boolean;
  claimable: boolean;
}) {
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(!claimable);
  const router = useRouter();

  if (!signedIn) {
    if (!canSignIn) return null;
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

export function AssessmentActions({
  code,
  signedIn,
  canSignIn,
  isAnonymous,
}: {
  code: string;
  signedIn: boolean;
  canSignIn: boolean;
  isAnonymous: boolean;
}) {
  return (
    <Card title="Keep this result">
      <div className="space-y-5">
        <ClaimButton code={code} signedIn={signedIn} canSignIn={canSignIn} claimable={isAnonymous} />
        <EmailForm
          path={`/lookup/${code}/email`}
          field="email"
          label="E-mail me this code"
          buttonLabel="E-mail me"
          sentText={() => "Sent. Check your inbox."}
          notSetUpText="E-mail is not set up on this server, so nothing was sent. Note the code instead."
        />
      </div>
    </Card>
  );
}
