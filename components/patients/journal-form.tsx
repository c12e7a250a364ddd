"use client";
// A journal entry written in the web app (POST /journal): what happened, with optional pain and
// function ratings. A field the API refuses shows its message under that field.
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button, Card, Field, fieldAria, inputStyles } from "@/components/ui";
import { useFieldForm } from "@/components/patients/field-form";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { proxy } from "@/lib/web/client";

const ENTRY_TYPES = ["AD_HOC_CHECK_IN", "PRE_ASSESSMENT", "POST_ASSESSMENT", "INITIAL_INTAKE"] as const;

const FIELDS = ["transcript", "painRating", "functionRating"] as const;
type FieldName = (typeof FIELDS)[number];

export function JournalForm({ patientId, onSaved }: { patientId: number; onSaved: () => void }) {
  const t = useTranslations("patientForms.journal");
  const id = useId();
  const [entryType, setEntryType] = useState("AD_HOC_CHECK_IN");
  const [values, setValues] = useState<Record<FieldName, string>>({ transcript: "", painRating: "", functionRating: "" });
  const { errors, status, busy, submit } = useFieldForm(FIELDS);
  const rating = (name: "painRating" | "functionRating", label: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]}>
      <input
        {...fieldAria(`${id}-${name}`, errors[name])}
        type="number"
        inputMode="numeric"
        min={0}
        max={10}
        className={inputStyles}
        value={values[name]}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      />
    </Field>
  );
  return (
    <Card title={t("title")}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={async (event) => {
          event.preventDefault();
          const number = (text: string) => (text.trim() === "" ? null : Number(text));
          await submit(
            () =>
              proxy<{ field?: string }>("/journal", {
                method: "POST",
                body: {
                  patientId,
                  entryType,
                  transcript: values.transcript,
                  painRating: number(values.painRating),
                  functionRating: number(values.functionRating),
                },
              }),
            t("saved"),
            () => {
              setValues({ transcript: "", painRating: "", functionRating: "" });
              onSaved();
            },
          );
        }}
      >
        <LabelledSelect
          label={t("entryType")}
          value={entryType}
          onChange={setEntryType}
          options={ENTRY_TYPES.map((type) => [type, t(`types.${type}`)] as [string, string])}
        />
        <Field id={`${id}-transcript`} label={t("transcript")} error={errors.transcript} hint={t("transcriptHint")}>
          <textarea
            {...fieldAria(`${id}-transcript`, errors.transcript, true)}
            rows={4}
            className={inputStyles}
            value={values.transcript}
            onChange={(event) => setValues((v) => ({ ...v, transcript: event.target.value }))}
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          {rating("painRating", t("pain"))}
          {rating("functionRating", t("function"))}
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? t("saving") : t("save")}
          </Button>
          <p role="status" className={status?.kind === "error" ? "text-sm text-red-800" : "text-sm text-green-900"}>
            {status?.text ?? ""}
          </p>
        </div>
      </form>
    </Card>
  );
}
