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

/** Share with a clinic: the code, then the clinic's name to confirm before anything is shared. */
function ShareForm({ initialCode, onShared }: { initialCode: string; onShared: (name: string) => void }) {
  const t = useTranslations("dashboard.shares");
  const id = useId();
  const [value, setValue] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "enter" });
  const confirmHeading = useRef<HTMLParagraphElement>(null);

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

  useEffect(() => {
    if (step.kind === "confirm") confirmHeading.current?.focus();
  }, [step]);

  if (step.kind === "confirm") {
    return (
      <div className="space-y-3 rounded-lg border border-teal-300 bg-teal-50 p-3">
        <p ref={confirmHeading} tabIndex={-1} className="text-sm text-slate-900 focus:outline-none">
          {t.rich("confirm", { clinic: step.clinic.name, strong: (chunks) => <strong className="font-semibold">{chunks}</strong> })}
        </p>
        <FieldError id={id} error={error} />
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const result = await proxy(`/me/clinics`, { method: "POST", body: { joinCode: step.code } });
              setBusy(false);
              if (result.ok) {
                setValue("");
                setError(null);
                setStep({ kind: "enter" });
                onShared(step.clinic.name);
              } else {
                setError(errorText(result.data));
              }
            }}
          >
            {busy ? t("sharing") : t("shareWith", { clinic: step.clinic.name })}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setError(null);
              setStep({ kind: "enter" });
            }}
          >
            {t("cancel")}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void lookUp(value);
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
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" disabled={busy} className="shrink-0">
          {busy ? t("lookingUp") : t("find")}
        </Button>
      </div>
      <FieldError id={id} error={error} />
    </form>
  );
}

/** "Who can see my record": the clinics the patient shares with, stopping a share, and sharing with another. */
export function ClinicShares({ joinCode }: { joinCode: string }) {
  const t = useTranslations("dashboard.shares");
  const shares = useProxy<ShareList>("/me/clinics");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
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
                  <li key={c.clinicId} className="space-y-2 py-3 text-sm first:pt-0">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <div className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{c.name}</div>
                        <div className="text-xs text-slate-700">
                          {t("since")} <When value={c.sharedAt} kind="date" />
                        </div>
                      </div>
                      {confirming !== c.clinicId && (
                        <Button variant="secondary" className="py-1.5" onClick={() => setConfirming(c.clinicId)}>
                          {t("stop")}
                          <span className="sr-only">{t("stopWith", { clinic: c.name })}</span>
                        </Button>
                      )}
                    </div>
                    {confirming === c.clinicId && (
                      <Confirm
                        question={t("stopQuestion", { clinic: c.name })}
                        confirmLabel={t("stopYes")}
                        busyLabel={t("stopping")}
                        cancelLabel={t("keep")}
                        busy={busy}
                        onCancel={() => setConfirming(null)}
                        onConfirm={async () => {
                          setBusy(true);
                          const result = await proxy(`/me/clinics/${c.clinicId}`, { method: "DELETE" });
                          setBusy(false);
                          setConfirming(null);
                          setNotice(
                            result.ok || result.status === 404
                              ? { kind: "success", text: t("stopped", { clinic: c.name }) }
                              : { kind: "error", text: errorText(result.data) },
                          );
                          shares.reload();
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        </Show>
        {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
        <ShareForm
          initialCode={joinCode}
          onShared={(name) => {
            setNotice({ kind: "success", text: t("shared", { clinic: name }) });
            shares.reload();
          }}
        />
      </div>
    </Card>
  );
}
