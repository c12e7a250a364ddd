"use client";
import { useState } from "react";
import { Show } from "@/components/patients/loadable";
import { Alert, Badge, Button, Card } from "@/components/ui";
import type { SubscriptionView } from "@/lib/billing/schemas";
import { proxy } from "@/lib/web/client";
import { When } from "@/components/ui/when";
import { errorText, humanize } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

const PLANS = [
  { plan: "core", tier: "CORE", name: "Core", price: "1.99 per month" },
  { plan: "plus", tier: "PLUS", name: "Plus", price: "6.99 per month" },
] as const;

export function SubscriptionPanel() {
  const subscription = useProxy<SubscriptionView>("/billing/subscription");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function go(path: string, body: unknown, label: string) {
    setBusy(label);
    setError(null);
    const result = await proxy<{ url: string; code?: string }>(path, { method: "POST", body });
    if (result.ok && result.data.url) {
      window.location.assign(result.data.url);
      return;
    }
    setBusy(null);
    setError(
      result.data.code === "USE_PORTAL_TO_UPGRADE"
        ? "You already subscribe to Core: change your plan with “Manage subscription”."
        : result.data.code === "ALREADY_SUBSCRIBED"
          ? "You already have this plan or a higher one."
          : errorText(result.data),
    );
  }

  if (subscription.state === "error" && subscription.status === 503) {
    return (
      <Card title="Subscription">
        <p className="text-sm text-slate-700">Subscriptions are not available on this server.</p>
      </Card>
    );
  }

  return (
    <Card title="Subscription">
      <Show value={subscription} label="your subscription">
        {(s) => {
          const active = s.tier !== null && s.status !== null && s.status !== "CANCELED";
          return (
            <div className="space-y-4 text-sm">
              {active ? (
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone="teal">{humanize(s.tier)}</Badge>
                  <span>Status: {humanize(s.status)}</span>
                  {s.currentPeriodEnd && (
                    <span className="text-slate-700">
                      {s.cancelAtPeriodEnd ? "Ends" : "Renews"} <When value={s.currentPeriodEnd} kind="date" />
                    </span>
                  )}
                </p>
              ) : (
                <p className="text-slate-700">You have no subscription.</p>
              )}
              <div className="flex flex-wrap gap-2">
                {PLANS.filter((p) => !active || (s.tier === "CORE" && p.tier === "PLUS")).map((p) => (
                  <Button key={p.plan} disabled={busy !== null} onClick={() => go("/billing/checkout", { plan: p.plan }, p.plan)}>
                    {busy === p.plan ? "Opening checkout…" : `${active ? "Upgrade to" : "Subscribe to"} ${p.name} · ${p.price}`}
                  </Button>
                ))}
                {s.tier !== null && (
                  <Button variant="secondary" disabled={busy !== null} onClick={() => go("/billing/portal", undefined, "portal")}>
                    {busy === "portal" ? "Opening…" : "Manage subscription"}
                  </Button>
                )}
              </div>
              {error && <Alert>{error}</Alert>}
            </div>
          );
        }}
      </Show>
    </Card>
  );
}
