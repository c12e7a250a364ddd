"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert, Button } from "@/components/ui";
import { errorText } from "@/lib/web/format";

/** POSTs the one-click unsubscribe (no sign-in: the signed token is the authority) and says how it went. */
export function UnsubscribeButton({ token }: { token: string }) {
  const t = useTranslations("reminders.unsubscribe");
  const [state, setState] = useState<"idle" | "busy" | "done" | "invalid" | { failed: string }>("idle");
  async function unsubscribe() {
    setState("busy");
    const answer = await fetch(`/api/reminders/unsubscribe/${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    }).catch(() => null);
    if (answer?.ok) return setState("done");
    if (answer?.status === 404) return setState("invalid");
    setState({ failed: errorText(answer ? await answer.json().catch(() => ({})) : {}) });
  }
  if (state === "done") return <Alert kind="success">{t("done")}</Alert>;
  return (
    <div className="space-y-4">
      <Button disabled={state === "busy"} onClick={unsubscribe}>
        {state === "busy" ? t("busy") : t("button")}
      </Button>
      {state === "invalid" && <Alert>{t("invalid")}</Alert>}
      {typeof state === "object" && <Alert>{t("failed", { message: state.failed })}</Alert>}
    </div>
  );
}
