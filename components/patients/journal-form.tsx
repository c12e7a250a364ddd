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

const EMPTY: Record<FieldName, string> = { transcript: "", painRating: "", functionRating: "" };

/** The entry being written and its save: a blank rating is sent as none; a saved entry clears the form. */
function useJournalEntry(patientId: number, onSaved: () => void) {
  const t = useTranslations("patientForms.journal");
  const [entryType, setEntryType] = useState("AD_HOC_CHECK_IN");
  const [values, setValues] = useState<Record<FieldName, string>>(EMPTY);
  const { errors, status, busy, submit } = useFieldForm(FIELDS);
  const setValue = (name: FieldName, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const save = () => {
    const number = (text: string) => (text.trim() === "" ? null : Number(text));
    return submit(
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
        setValues(EMPTY);
        onSaved();
      },
    );
  };
  return { entryType, setEntryType, values, setValue, errors, status, busy, save };
}

/** A 0-10 rating box. */
function RatingField({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        {...fieldAria(id, error)}
        type="number"
        inputMode="numeric"
        min={0}
        max={10}
        className={inputStyles}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

export function JournalForm({ patientId, onSaved }: { patientId: number; onSaved: () => void }) {
  const t = useTranslations("patientForms.journal");
  const id = useId();
  const { entryType, setEntryType, values, setValue, errors, status, busy, save } = useJournalEntry(patientId, onSaved);
  return (
    <Card title={t("title")}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={async (event) => {
          event.preventDefault();
          await save();
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
            onChange={(event) => setValue("transcript", event.target.value)}
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <RatingField
            id={`${id}-painRating`}
            label={t("pain")}
            error={errors.painRating}
            value={values.painRating}
            onChange={(value) => setValue("painRating", value)}
          />
          <RatingField
            id={`${id}-functionRating`}
            label={t("function")}
            error={errors.functionRating}
            value={values.functionRating}
            onChange={(value) => setValue("functionRating", value)}
          />
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
