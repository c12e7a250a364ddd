"use client";
import { useEffect, useState } from "react";
import { Alert, Button, Card, Facts, LinkButton, Loading } from "@/components/ui";
import { When } from "@/components/ui/when";
import type { SubscriptionView } from "@/lib/billing/schemas";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

type State = { kind: "checking" } | { kind: "done"; subscription: SubscriptionView } | { kind: "failed"; message: string; retry: boolean };

const PLANS = { CORE: "Core, 1.99 per month", PLUS: "Plus, 6.99 per month" } as const;
const STATUSES: Record<string, string> = {
  ACTIVE: "Active",
  TRIALING: "Trial",
  PAST_DUE: "Payment overdue",
  UNPAID: "Unpaid",
  INCOMPLETE: "Waiting for payment",
  CANCELED: "Canceled",
};

function failure(status: number, data: unknown): State {
  const messages: Record<number, string> = {
    400: "This confirmation link is not valid, or the checkout was not completed.",
    401: "Please sign in with the account you subscribed with, then open this page again.",
    403: "This checkout belongs to another account. Sign in with the account you subscribed with.",
    404: "The payment provider does not know this checkout.",
    503: "Subscriptions are not available right now.",
  };
  return { kind: "failed", message: messages[status] ?? errorText(data), retry: !(status in messages) || status === 503 };
}

/** Checks the session once per attempt (the first, then every "Try again"); the state is "checking" meanwhile. */
function useCheckoutCheck(sessionId: string | null) {
  const [state, setState] = useState<State>(
    sessionId
      ? { kind: "checking" }
      : { kind: "failed", message: "This page needs the checkout's session id. Open it from the payment provider's link.", retry: false },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    void proxy<SubscriptionView>("/billing/checkout/verify", { method: "POST", body: { sessionId } }).then((result) => {
      if (current) setState(result.ok ? { kind: "done", subscription: result.data } : failure(result.status, result.data));
    });
    return () => {
      current = false;
    };
  }, [sessionId, attempt]);
  const checkAgain = () => {
    setState({ kind: "checking" });
    setAttempt((n) => n + 1);
  };
  return { state, checkAgain };
}

/** Confirms the checkout session through the same-origin proxy and shows the subscription. */
export function VerifyCheckout({ sessionId }: { sessionId: string | null }) {
  const { state, checkAgain } = useCheckoutCheck(sessionId);
  if (state.kind === "checking") return <Loading label="Confirming your subscription…" />;
  if (state.kind === "failed") {
    return (
      <div className="space-y-4">
        <Alert>{state.message}</Alert>
        <div className="flex flex-wrap gap-3">
          {state.retry && <Button onClick={checkAgain}>Try again</Button>}
          <LinkButton href="/" variant="secondary">
            Back to the start
          </LinkButton>
        </div>
      </div>
    );
  }
  return <CheckedSubscription subscription={state.subscription} onCheckAgain={checkAgain} />;
}

/** The subscription as the provider reports it; one not active yet can be checked again. */
function CheckedSubscription({ subscription, onCheckAgain }: { subscription: SubscriptionView; onCheckAgain: () => void }) {
  const { tier, status, currentPeriodEnd, cancelAtPeriodEnd } = subscription;
  const active = status === "ACTIVE" || status === "TRIALING";
  return (
    <div className="space-y-4">
      <Alert kind={active ? "success" : "warning"}>
        {active
          ? "Your subscription is active."
          : "Your subscription is not active yet. If you just paid, this can take a minute; try again shortly."}
      </Alert>
      <Card title="Your subscription">
        <Facts
          items={[
            ["Plan", tier ? PLANS[tier] : "—"],
            ["Status", status ? (STATUSES[status] ?? status) : "—"],
            [cancelAtPeriodEnd ? "Ends on" : "Renews on", <When value={currentPeriodEnd} kind="date" />],
          ]}
        />
      </Card>
      <div className="flex flex-wrap gap-3">
        {!active && <Button onClick={onCheckAgain}>Check again</Button>}
        <LinkButton href="/dashboard">Go to your dashboard</LinkButton>
      </div>
    </div>
  );
}
