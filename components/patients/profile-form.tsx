"use client";
// The patient's own profile in the web app: injury, affected hand and surgery (PATCH
// /patients/me). A field the API refuses shows its message under that field.
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { z } from "zod";
import { Button, Card, Field, fieldAria, inputStyles } from "@/components/ui";
import { useFieldForm } from "@/components/patients/field-form";
import { LabelledSelect } from "@/components/ui/labelled-select";
import type { patientProfile } from "@/lib/patients/schemas";
import { proxy } from "@/lib/web/client";

type Profile = z.output<typeof patientProfile>;

const HANDS = ["LEFT", "RIGHT", "BOTH"] as const;

const FIELDS = ["injury", "injuryDate", "affectedHand", "surgeryType", "surgeryDate"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

const valuesOf = (p: Profile): Values => ({
  injury: p.injury ?? "",
  injuryDate: p.injuryDate ?? "",
  affectedHand: p.affectedHand ?? "",
  surgeryType: p.surgeryType ?? "",
  surgeryDate: p.surgeryDate ?? "",
});

export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const t = useTranslations("patientForms.profile");
  const hands = useTranslations("patientForms.hands");
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const { errors, status, busy, submit } = useFieldForm(FIELDS);
  const set = (name: FieldName) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const input = (name: FieldName, type: "text" | "date", label: string, hint?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} hint={hint}>
      <input
        {...fieldAria(`${id}-${name}`, errors[name], Boolean(hint))}
        type={type}
        className={inputStyles}
        value={values[name]}
        onChange={(event) => set(name)(event.target.value)}
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
          const body = Object.fromEntries(FIELDS.map((name) => [name, values[name].trim() === "" ? null : values[name].trim()]));
          await submit(() => proxy<{ field?: string }>("/patients/me", { method: "PATCH", body }), t("saved"), onSaved);
        }}
      >
        <p className="text-sm text-slate-700">{t("intro")}</p>
        {input("injury", "text", t("injury"), t("injuryHint"))}
        <div className="grid gap-3 sm:grid-cols-2">
          {input("injuryDate", "date", t("injuryDate"))}
          <LabelledSelect
            label={t("affectedHand")}
            value={values.affectedHand}
            onChange={set("affectedHand")}
            options={[["", t("notStated")], ...HANDS.map((hand) => [hand, hands(hand)] as [string, string])]}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {input("surgeryType", "text", t("surgeryType"))}
          {input("surgeryDate", "date", t("surgeryDate"))}
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
