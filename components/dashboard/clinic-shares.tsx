"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Show } from "@/components/patients/loadable";
import type { ClinicByCode, ShareList } from "@/components/clinics/types";
import { Alert, Button, Card, FieldError, fieldAria, inputStyles } from "@/components/ui";
import { Confirm } from "@/components/ui/confirm";
import { When } from "@/components/ui/when";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

/** "abcde fghjk", "ABCDE-FGHJK" → "ABCDEFGHJK"; null when it is not 10 characters (the API checks the alphabet). */
function compactJoinCode(value: string): string | null {
  const compact = value.trim().toUpperCase().replace(/[\s-]/g, "");
  return /^[A-Z0-9]{10}$/.test(compact) ? compact : null;
}

type Words = ReturnType<typeof useTranslations<"dashboard.shares">>;

async function findClinic(typed: string, t: Words): Promise<{ error: string } | { code: string; clinic: ClinicByCode }> {
  const code = compactJoinCode(typed);
  if (!code) return { error: t("codeHint") };
  const result = await proxy<ClinicByCode>(`/clinic-codes/${code}`);
  if (result.ok) return { code, clinic: result.data };
  return { error: result.status === 404 ? t("noClinic") : errorText(result.data) };
}

type Step = { kind: "enter" } | { kind: "confirm"; code: string; clinic: ClinicByCode };

/** The share's steps: look the clinic up by its code (a join link's at once), then share on the patient's word. */
function useShareSteps(initialCode: string, onShared: (name: string) => void) {
  const t = useTranslations("dashboard.shares");
  const [value, setValue] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "enter" });

  async function lookUp(typed: string) {
    setBusy(true);
    const found = await findClinic(typed, t);
    setBusy(false);
    setError("error" in found ? found.error : null);
    if (!("error" in found)) setStep({ kind: "confirm", ...found });
  }

  // A join link (?join=) fills the code in and looks the clinic up; sharing still waits for the patient.
  useEffect(() => {
    if (!initialCode) return;
    let current = true;
    void findClinic(initialCode, t).then((found) => {
      if (!current) return;
      if ("error" in found) setError(found.error);
      else setStep({ kind: "confirm", ...found });
    });
    return () => {
      current = false;
    };
  }, [initialCode, t]);

  async function share(confirmed: Extract<Step, { kind: "confirm" }>) {
    setBusy(true);
    const result = await proxy(`/me/clinics`, { method: "POST", body: { joinCode: confirmed.code } });
    setBusy(false);
    if (result.ok) {
      setValue("");
      setError(null);
      setStep({ kind: "enter" });
      onShared(confirmed.clinic.name);
    } else {
      setError(errorText(result.data));
    }
  }

  const cancel = () => {
    setError(null);
    setStep({ kind: "enter" });
  };

  return { value, setValue, error, busy, step, lookUp, share, cancel };
}

/** Share with a clinic: the code, then the clinic's name to confirm before anything is shared. */
function ShareForm({ initialCode, onShared }: { initialCode: string; onShared: (name: string) => void }) {
  const id = useId();
  const { value, setValue, error, busy, step, lookUp, share, cancel } = useShareSteps(initialCode, onShared);
  if (step.kind === "confirm") {
    return <ConfirmShare id={id} step={step} error={error} busy={busy} onShare={() => share(step)} onCancel={cancel} />;
  }
  return <CodeForm id={id} value={value} onChange={setValue} error={error} busy={busy} onLookUp={lookUp} />;
}

/** The clinic found, named for the patient to confirm; focused when it appears. */
function ConfirmShare({
  id,
  step,
  error,
  busy,
  onShare,
  onCancel,
}: {
  id: string;
  step: Extract<Step, { kind: "confirm" }>;
  error: string | null;
  busy: boolean;
  onShare: () => Promise<void>;
  onCancel: () => void;
}) {
  const t = useTranslations("dashboard.shares");
  const confirmHeading = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    confirmHeading.current?.focus();
  }, [step]);
  return (
    <div className="space-y-3 rounded-lg border border-teal-300 bg-teal-50 p-3">
      <p ref={confirmHeading} tabIndex={-1} className="text-sm text-slate-900 focus:outline-none">
        {t.rich("confirm", { clinic: step.clinic.name, strong: (chunks) => <strong className="font-semibold">{chunks}</strong> })}
      </p>
      <FieldError id={id} error={error} />
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={onShare}>
          {busy ? t("sharing") : t("shareWith", { clinic: step.clinic.name })}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}

function CodeForm({
  id,
  value,
  onChange,
  error,
  busy,
  onLookUp,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  busy: boolean;
  onLookUp: (typed: string) => Promise<void>;
}) {
  const t = useTranslations("dashboard.shares");
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onLookUp(value);
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {t("codeLabel")}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t("codeHelp")}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          {...fieldAria(id, error, true)}
          className={`${inputStyles} font-mono uppercase`}
          placeholder="ABCDE-FGHJK"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button type="submit" disabled={busy} className="shrink-0">
          {busy ? t("lookingUp") : t("find")}
        </Button>
      </div>
      <FieldError id={id} error={error} />
    </form>
  );
}

type Notice = { kind: "success" | "error"; text: string };
type Share = ShareList["clinics"][number];

/** Which share is being asked about, and stopping it; one already gone (404) counts as stopped. */
function useShareStopping(onStopped: (notice: Notice) => void) {
  const t = useTranslations("dashboard.shares");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const stop = async (c: Share) => {
    setBusy(true);
    const result = await proxy(`/me/clinics/${c.clinicId}`, { method: "DELETE" });
    setBusy(false);
    setConfirming(null);
    onStopped(
      result.ok || result.status === 404
        ? { kind: "success", text: t("stopped", { clinic: c.name }) }
        : { kind: "error", text: errorText(result.data) },
    );
  };
  return { confirming, setConfirming, busy, stop };
}

/** "Who can see my record": the clinics the patient shares with, stopping a share, and sharing with another. */
export function ClinicShares({ joinCode }: { joinCode: string }) {
  const t = useTranslations("dashboard.shares");
  const shares = useProxy<ShareList>("/me/clinics");
  const [notice, setNotice] = useState<Notice | null>(null);
  const changed = (next: Notice) => {
    setNotice(next);
    shares.reload();
  };
  const stopping = useShareStopping(changed);
  return (
    <Card title={t("title")}>
      <div className="space-y-4">
        <Show value={shares} label={t("what")}>
          {({ clinics }) =>
            clinics.length === 0 ? (
              <p className="text-sm text-slate-700">{t("none")}</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label={t("listLabel")}>
                {clinics.map((c) => (
                  <ShareItem
                    key={c.clinicId}
                    share={c}
                    confirming={stopping.confirming === c.clinicId}
                    busy={stopping.busy}
                    onAsk={() => stopping.setConfirming(c.clinicId)}
                    onCancel={() => stopping.setConfirming(null)}
                    onStop={() => stopping.stop(c)}
                  />
                ))}
              </ul>
            )
          }
        </Show>
        {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
        <ShareForm initialCode={joinCode} onShared={(name) => changed({ kind: "success", text: t("shared", { clinic: name }) })} />
      </div>
    </Card>
  );
}

/** One clinic shared with, since when, and stopping the share after a confirmation. */
function ShareItem({
  share: c,
  confirming,
  busy,
  onAsk,
  onCancel,
  onStop,
}: {
  share: Share;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onStop: () => Promise<void>;
}) {
  const t = useTranslations("dashboard.shares");
  return (
    <li className="space-y-2 py-3 text-sm first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{c.name}</div>
          <div className="text-xs text-slate-700">
            {t("since")} <When value={c.sharedAt} kind="date" />
          </div>
        </div>
        {!confirming && (
          <Button variant="secondary" className="py-1.5" onClick={onAsk}>
            {t("stop")}
            <span className="sr-only">{t("stopWith", { clinic: c.name })}</span>
          </Button>
        )}
      </div>
      {confirming && (
        <Confirm
          question={t("stopQuestion", { clinic: c.name })}
          confirmLabel={t("stopYes")}
          busyLabel={t("stopping")}
          cancelLabel={t("keep")}
          busy={busy}
          onCancel={onCancel}
          onConfirm={onStop}
        />
      )}
    </li>
  );
}
