"use client";
// Where a finished measurement goes: sent once, on arrival; kept on the page with "send again"
// when the connection fails (the same key, so a resend that crosses a lost answer makes one
// record). Signed in, it is in the patient's record; otherwise its code and how to keep it.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, Button, Card, LinkButton } from "@/components/ui";
import { newIdempotencyKey, sendResult, type SentResult } from "@/lib/measure/send";

type State = { state: "sending" } | { state: "failed" } | { state: "sent"; sent: SentResult };

export function SendResult({ path, body, signedIn }: { path: string; body: unknown; signedIn: boolean }) {
  const t = useTranslations("measuring.send");
  const [key] = useState(newIdempotencyKey);
  const [state, setState] = useState<State>({ state: "sending" });
  const started = useRef(false);

  const send = useCallback(async () => {
    setState({ state: "sending" });
    const outcome = await sendResult(path, body, key);
    setState(outcome.ok ? { state: "sent", sent: outcome.sent } : { state: "failed" });
  }, [path, body, key]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send();
  }, [send]);

  return (
    <div aria-live="polite" className="space-y-3">
      {state.state === "sending" && <p className="text-sm text-slate-700">{t("sending")}</p>}
      {state.state === "failed" && (
        <>
          <Alert kind="warning">{t("failed")}</Alert>
          <Button onClick={() => void send()}>{t("again")}</Button>
        </>
      )}
      {state.state === "sent" && signedIn && (
        <Card title={t("savedTitle")} headingLevel={3}>
          <p className="mb-3 text-sm text-slate-700">{t("savedText")}</p>
          <LinkButton href="/dashboard">{t("toDashboard")}</LinkButton>
        </Card>
      )}
      {state.state === "sent" && !signedIn && (
        <Card title={t("anonymousTitle")} headingLevel={3}>
          <p className="text-sm text-slate-700">{t("code")}</p>
          <p className="my-2 font-mono text-3xl font-bold tracking-widest text-slate-900" data-testid="result-code">
            {state.sent.formattedCode}
          </p>
          <div className="flex flex-wrap gap-2">
            <LinkButton href={`/a/${state.sent.code}`}>{t("open")}</LinkButton>
            <LinkButton variant="secondary" href={`/signin?callbackUrl=${encodeURIComponent(`/a/${state.sent.code}`)}`}>
              {t("keep")}
            </LinkButton>
          </div>
          <p className="mt-3 text-sm text-slate-700">{t("keepText")}</p>
        </Card>
      )}
      {state.state === "sent" && (
        <p className="text-sm">
          <Link href="/measure" className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950">
            {t("another")}
          </Link>
        </p>
      )}
    </div>
  );
}
