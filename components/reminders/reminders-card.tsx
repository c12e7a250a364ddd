"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { z } from "zod";
import { Alert, Button, Card, Loading } from "@/components/ui";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { When } from "@/components/ui/when";
import { REMINDER_INTERVALS } from "@/lib/reminders/intervals";
import type { reminderSettings } from "@/lib/reminders/schemas";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

type Settings = z.output<typeof reminderSettings>;
type Audience = "patient" | "provider";
type Note = { kind: "success" | "error"; text: string };

/**
 * Re-measure reminders by e-mail: on or off, every 1, 2 or 4 weeks, and the next date. `base` is
 * "/patients/me" on the patient's dashboard (the browser's time zone is stored for the e-mail's
 * dates) or "/patients/ID" on a clinician's page (the zone already stored is kept).
 */
export function RemindersCard({ base, audience }: { base: string; audience: Audience }) {
  const t = useTranslations("reminders");
  const settings = useProxy<Settings>(`${base}/reminders`);
  // Here, not in the form: a save reloads the settings, which makes the form anew.
  const [note, setNote] = useState<Note | null>(null);
  return (
    <Card title={t("title")}>
      <div className="space-y-4 text-sm">
        <p className="text-slate-700">{audience === "patient" ? t("introPatient") : t("introProvider")}</p>
        {settings.state === "error" && <Alert>{t("loadError", { message: settings.message })}</Alert>}
        {settings.state === "loading" && <Loading />}
        {settings.state === "ready" && (
          <ReminderForm
            key={`${settings.data.enabled}-${settings.data.intervalWeeks}-${settings.data.nextDueAt}`}
            base={base}
            audience={audience}
            current={settings.data}
            onSaved={(saved) => {
              setNote(saved);
              if (saved.kind === "success") settings.reload();
            }}
          />
        )}
        {note && <Alert kind={note.kind}>{note.text}</Alert>}
      </div>
    </Card>
  );
}

/**
 * Turns reminders on every `weeks` weeks (with the browser's time zone when the patient sets
 * them), or off when `weeks` is null.
 */
function sendSettings(base: string, audience: Audience, weeks: number | null) {
  if (weeks === null) return proxy<Settings>(`${base}/reminders`, { method: "DELETE" });
  const timeZone = audience === "patient" ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  return proxy<Settings>(`${base}/reminders`, { method: "PUT", body: { intervalWeeks: weeks, ...(timeZone ? { timeZone } : {}) } });
}

/** The stored settings: the next reminder's date (or off), who set them, when the last one went. */
function ReminderState({ current }: { current: Settings }) {
  const t = useTranslations("reminders");
  return (
    <div className="space-y-1 text-slate-700">
      {current.enabled && current.nextDueAt ? (
        <p>
          {t("next")} <When value={current.nextDueAt} kind="date" />
        </p>
      ) : (
        <p>{t("off")}</p>
      )}
      {current.enabled && current.setBy && <p>{t("setBy", { by: current.setBy })}</p>}
      {current.lastSentAt && (
        <p>
          {t("lastSent")} <When value={current.lastSentAt} kind="date" />
        </p>
      )}
    </div>
  );
}

function ReminderForm({
  base,
  audience,
  current,
  onSaved,
}: {
  base: string;
  audience: Audience;
  current: Settings;
  onSaved: (note: Note) => void;
}) {
  const t = useTranslations("reminders");
  const [enabled, setEnabled] = useState(current.enabled);
  const [weeks, setWeeks] = useState<number>(current.intervalWeeks ?? 2);
  const [busy, setBusy] = useState(false);
  const checkboxId = useId();

  async function save() {
    setBusy(true);
    const answer = await sendSettings(base, audience, enabled ? weeks : null);
    setBusy(false);
    onSaved(
      answer.ok
        ? { kind: "success", text: t("saved") }
        : { kind: "error", text: answer.status === 409 ? t("noEmail") : errorText(answer.data) },
    );
  }

  return (
    <>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="h-4 w-4 accent-teal-700"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <label htmlFor={checkboxId} className="font-medium text-slate-900">
          {t("enabled")}
        </label>
      </div>
      <LabelledSelect
        label={t("interval")}
        value={String(weeks)}
        onChange={(value) => setWeeks(Number(value))}
        options={REMINDER_INTERVALS.map((n) => [String(n), t("every", { weeks: n })])}
      />
      <Button disabled={busy} onClick={save}>
        {busy ? t("saving") : t("save")}
      </Button>
      <ReminderState current={current} />
    </>
  );
}
