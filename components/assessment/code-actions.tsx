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

/** The words of the result's actions, in the page's language (the page passes them; no catalogue in the browser). */
export interface AssessmentActionsText {
  keep: string;
  signIn: string;
  signInToKeep: string;
  belongs: string;
  claimed: string;
  expired: string;
  claiming: string;
  claim: string;
  openDashboard: string;
  emailLabel: string;
  emailButton: string;
  sent: string;
  notSetUp: string;
  invalidAddress: string;
  sending: string;
  failed: string;
}

/** Claiming the assessment for the signed-in patient; the page's own figures are refreshed after. */
function useClaimAssessment(code: string, claimable: boolean, text: AssessmentActionsText) {
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(!claimable);
  const router = useRouter();
  const claim = async () => {
    setBusy(true);
    const result = await proxy<z.output<typeof claimResponse>>(`/lookup/${code}/claim`, { method: "POST" });
    setBusy(false);
    if (result.ok) {
      setClaimed(true);
      setNotice({ kind: "success", text: text.claimed });
      // The page's own figures (the badge, the expiry, the change over time) follow.
      router.refresh();
    } else if (result.status === 401) {
      setNotice({ kind: "error", text: text.expired });
    } else {
      setNotice({ kind: "error", text: errorText(result.data, text.failed) });
    }
  };
  return { notice, busy, claimed, claim };
}

export function ClaimButton({
  code,
  signedIn,
  canSignIn,
  claimable,
  text,
}: {
  text: AssessmentActionsText;
  code: string;
  signedIn: boolean;
  /** False on an API-only server (no web sign-in): no link to a sign-in that cannot happen. */
  canSignIn: boolean;
  claimable: boolean;
}) {
  const { notice, busy, claimed, claim } = useClaimAssessment(code, claimable, text);

  if (!signedIn) {
    if (!canSignIn) return null;
    return (
      <p className="text-sm text-slate-700">
        <Link href={`/signin?callbackUrl=/a/${code}`} className="font-semibold text-teal-800 underline underline-offset-2">
          {text.signIn}
        </Link>{" "}
        {text.signInToKeep}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {claimed && !notice ? (
        <p className="text-sm text-slate-700">{text.belongs}</p>
      ) : (
        !claimed && (
          <Button disabled={busy} onClick={claim}>
            {busy ? text.claiming : text.claim}
          </Button>
        )
      )}
      {notice && <ClaimNotice notice={notice} openDashboard={text.openDashboard} />}
    </div>
  );
}

/** What the claim did; a success links on to the dashboard. */
function ClaimNotice({ notice, openDashboard }: { notice: NonNullable<Notice>; openDashboard: string }) {
  return (
    <Alert kind={notice.kind}>
      {notice.text}
      {notice.kind === "success" && (
        <>
          {" "}
          <Link href="/dashboard" className="font-semibold underline">
            {openDashboard}
          </Link>
        </>
      )}
    </Alert>
  );
}

export function AssessmentActions({
  code,
  signedIn,
  canSignIn,
  isAnonymous,
  text,
}: {
  code: string;
  signedIn: boolean;
  canSignIn: boolean;
  isAnonymous: boolean;
  text: AssessmentActionsText;
}) {
  return (
    <Card title={text.keep}>
      <div className="space-y-5">
        <ClaimButton code={code} signedIn={signedIn} canSignIn={canSignIn} claimable={isAnonymous} text={text} />
        <EmailForm
          path={`/lookup/${code}/email`}
          field="email"
          label={text.emailLabel}
          buttonLabel={text.emailButton}
          sentText={() => text.sent}
          notSetUpText={text.notSetUp}
          invalidText={text.invalidAddress}
          sendingText={text.sending}
          failedText={text.failed}
        />
      </div>
    </Card>
  );
}
