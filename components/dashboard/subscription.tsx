"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Show } from "@/components/patients/loadable";
import { Alert, Badge, Button, Card } from "@/components/ui";
import type { SubscriptionView } from "@/lib/billing/schemas";
import { proxy } from "@/lib/web/client";
import { When } from "@/components/ui/when";
import { errorText, humanize } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

const PLANS = [
  { plan: "core", tier: "CORE", name: "Core", price: 1.99 },
  { plan: "plus", tier: "PLUS", name: "Plus", price: 6.99 },
] as const;

const STATUSES = ["ACTIVE", "PAST_DUE", "CANCELED", "UNPAID", "TRIALING", "INCOMPLETE"] as const;
const isStatus = (status: string): status is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(status);

/** Opening Stripe (checkout or portal): which button is busy, and why it could not open. */
function useBillingRedirect() {
  const t = useTranslations("dashboard.subscription");
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
        ? t("portalToUpgrade")
        : result.data.code === "ALREADY_SUBSCRIBED"
          ? t("already")
          : errorText(result.data),
    );
  }

  return { busy, error, go };
}

/** Shown only where this instance takes payments (the dashboard leaves it out otherwise). */
export function SubscriptionPanel() {
  const t = useTranslations("dashboard.subscription");
  const format = useFormatter();
  const subscription = useProxy<SubscriptionView>("/billing/subscription");
  const price = (amount: number) => t("perMonth", { amount: format.number(amount, { minimumFractionDigits: 2 }) });
  const { busy, error, go } = useBillingRedirect();

  if (subscription.state === "error" && subscription.status === 503) {
    return (
      <Card title={t("title")}>
        <p className="text-sm text-slate-700">{t("unavailable")}</p>
      </Card>
    );
  }

  return (
    <Card title={t("title")}>
      <Show value={subscription} label={t("what")}>
        {(s) => {
          const active = s.tier !== null && s.status !== null && s.status !== "CANCELED";
          return (
            <div className="space-y-4 text-sm">
              {active ? <CurrentPlan subscription={s} /> : <p className="text-slate-700">{t("none")}</p>}
              <div className="flex flex-wrap gap-2">
                {PLANS.filter((p) => !active || (s.tier === "CORE" && p.tier === "PLUS")).map((p) => (
                  <Button key={p.plan} disabled={busy !== null} onClick={() => go("/billing/checkout", { plan: p.plan }, p.plan)}>
                    {busy === p.plan ? t("opening") : t(active ? "upgrade" : "subscribe", { plan: p.name, price: price(p.price) })}
                  </Button>
                ))}
                {s.tier !== null && (
                  <Button variant="secondary" disabled={busy !== null} onClick={() => go("/billing/portal", undefined, "portal")}>
                    {busy === "portal" ? t("openingPortal") : t("manage")}
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

/** The plan subscribed to, its status, and when it renews or ends. */
function CurrentPlan({ subscription: s }: { subscription: SubscriptionView }) {
  const t = useTranslations("dashboard.subscription");
  return (
    <p className="flex flex-wrap items-center gap-2">
      <Badge tone="teal">{humanize(s.tier)}</Badge>
      <span>{t("status", { status: s.status && isStatus(s.status) ? t(`statuses.${s.status}`) : humanize(s.status) })}</span>
      {s.currentPeriodEnd && (
        <span className="text-slate-700">
          {s.cancelAtPeriodEnd ? t("ends") : t("renews")} <When value={s.currentPeriodEnd} kind="date" />
        </span>
      )}
    </p>
  );
}
