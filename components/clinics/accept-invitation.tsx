"use client";
import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore } from "react";
import type { AcceptedInvitation } from "@/components/clinics/types";
import { Alert, Button, Card, LinkButton } from "@/components/ui";
import { proxy } from "@/lib/web/client";

/** Kept while the reader signs in: the fragment does not survive the sign-in's redirects. */
const KEPT = "clinic-invitation";
const PAGE = "/provider/clinics/invitation";

type Outcome = { kind: "joined"; joined: AcceptedInvitation } | { kind: "refused"; reason: Reason };
type Reason = "wrongAccount" | "used" | "revokedLink" | "expired" | "unknown" | "failed";

const REASONS: Record<string, Reason> = {
  INVITATION_WRONG_ACCOUNT: "wrongAccount",
  INVITATION_USED: "used",
  INVITATION_REVOKED: "revokedLink",
  INVITATION_EXPIRED: "expired",
};

const noSubscription = () => () => {};

/** The link's token: moved from the fragment to the tab's storage (and out of the address bar), so it outlives signing in. */
function linkToken(): string | null {
  const fromLink = window.location.hash.slice(1);
  if (fromLink) {
    sessionStorage.setItem(KEPT, fromLink);
    window.history.replaceState(null, "", PAGE);
  }
  return fromLink || sessionStorage.getItem(KEPT);
}

/** Takes the token from the link's fragment (or from before the sign-in), then accepts it on a click. */
export function AcceptInvitation({ signedIn, provider }: { signedIn: boolean; provider: boolean }) {
  const t = useTranslations("clinics");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const token = useSyncExternalStore(noSubscription, linkToken, () => undefined);

  if (token === undefined) return null;
  if (token === null && !outcome) return <Alert kind="info">{t("invitationMissing")}</Alert>;
  if (!signedIn) {
    return (
      <Card>
        <p className="mb-4 text-sm text-slate-700">{t("invitationSignIn")}</p>
        <LinkButton href={`/signin?callbackUrl=${encodeURIComponent(PAGE)}`}>{t("signInToAccept")}</LinkButton>
      </Card>
    );
  }
  if (!provider) return <Alert>{t("notProvider")}</Alert>;
  if (outcome?.kind === "joined") {
    return (
      <Card>
        <Alert kind="success">{t("invitationJoined", { name: outcome.joined.name, role: outcome.joined.role })}</Alert>
        <div className="mt-4">
          <LinkButton href={`/provider?clinic=${outcome.joined.clinicId}`}>{t("toPatients")}</LinkButton>
        </div>
      </Card>
    );
  }
  if (outcome?.kind === "refused") return <Alert>{t(`refused.${outcome.reason}`)}</Alert>;
  return (
    <Card>
      <p className="mb-4 text-sm text-slate-700">{t("invitationReady")}</p>
      <Button
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await proxy<AcceptedInvitation>("/clinic-invitations/accept", { method: "POST", body: { token } });
          setBusy(false);
          const code = (result.data as { code?: string } | null)?.code;
          // A wrong account may try again after signing in with the right one; any other answer ends the link.
          if (result.ok || code !== "INVITATION_WRONG_ACCOUNT") sessionStorage.removeItem(KEPT);
          if (result.ok) setOutcome({ kind: "joined", joined: result.data });
          else if (result.status === 404 || result.status === 400) setOutcome({ kind: "refused", reason: "unknown" });
          else setOutcome({ kind: "refused", reason: (code && REASONS[code]) || "failed" });
        }}
      >
        {busy ? t("accepting") : t("acceptInvitation")}
      </Button>
    </Card>
  );
}
