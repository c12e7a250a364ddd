"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert, Button, Field, fieldAria, inputStyles } from "@/components/ui";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

type FieldName = "type" | "name" | "email" | "company" | "interest" | "message";
const EMPTY = { type: "STAY_IN_TOUCH", name: "", email: "", company: "", interest: "", message: "", website: "" };
const TYPES = ["STAY_IN_TOUCH", "DEMO"] as const;
const INTERESTS = ["API", "SDK", "FHIR", "RESEARCH", "OTHER"] as const;

type Values = typeof EMPTY;
type Errors = Partial<Record<FieldName, string>>;
type Setter = (name: keyof Values) => (event: { target: { value: string } }) => void;

/** The form's values and its send: a 400 naming a field puts the message on that field and focuses it. */
function useLeadForm(id: (name: string) => string) {
  const t = useTranslations("developerLead");
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set: Setter = (name) => (event) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const reset = () => {
    setDone(null);
    setValues(EMPTY);
  };

  const submit = async () => {
    setBusy(true);
    setFormError(null);
    const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
    const result = await proxy<{ message?: string; field?: string }>("/leads/developer", { method: "POST", body });
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setDone(t("thanks"));
      return;
    }
    const field = result.data.field as FieldName | undefined;
    if (result.status === 400 && field && field in EMPTY) {
      setErrors({ [field]: errorText(result.data).replace(/^[\w.]+: /, "") });
      document.getElementById(id(field))?.focus();
    } else {
      setErrors({});
      setFormError(errorText(result.data));
    }
  };

  return { values, errors, formError, done, busy, set, reset, submit };
}

/** Stay in touch / ask for a demo. Field errors come from the API's `field`. */
export function LeadForm() {
  const t = useTranslations("developerLead");
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const { values, errors, formError, done, busy, set, reset, submit } = useLeadForm(id);

  if (done) {
    return (
      <div className="space-y-3">
        <Alert kind="success">{done}</Alert>
        <Button variant="secondary" onClick={reset}>
          {t("another")}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        await submit();
      }}
    >
      <LeadTypeFieldset type={values.type} set={set} />
      <ContactFields id={id} values={values} errors={errors} set={set} />
      <Field id={id("message")} label={t("message")} error={errors.message} hint={t("messageHint")}>
        <textarea
          {...fieldAria(id("message"), errors.message, true)}
          rows={4}
          className={inputStyles}
          value={values.message}
          onChange={set("message")}
        />
      </Field>
      {/* Honeypot: hidden from people (and from assistive technology); bots fill it in. */}
      <div className="hidden">
        <label htmlFor={id("website")}>{t("website")}</label>
        <input id={id("website")} tabIndex={-1} autoComplete="off" value={values.website} onChange={set("website")} />
      </div>
      {formError && <Alert>{formError}</Alert>}
      <Button type="submit" disabled={busy}>
        {busy ? t("sending") : t("send")}
      </Button>
    </form>
  );
}

function LeadTypeFieldset({ type, set }: { type: string; set: Setter }) {
  const t = useTranslations("developerLead");
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{t("want")}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {TYPES.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="type"
              value={value}
              className="h-4 w-4 accent-teal-700"
              checked={type === value}
              onChange={set("type")}
            />
            {t(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Who is asking: name, email, company and what they are interested in. */
function ContactFields({ id, values, errors, set }: { id: (name: string) => string; values: Values; errors: Errors; set: Setter }) {
  const t = useTranslations("developerLead");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={id("name")} label={t("name")} error={errors.name}>
        <input
          {...fieldAria(id("name"), errors.name)}
          autoComplete="name"
          className={inputStyles}
          value={values.name}
          onChange={set("name")}
        />
      </Field>
      <Field id={id("email")} label={t("email")} error={errors.email}>
        <input
          {...fieldAria(id("email"), errors.email)}
          type="email"
          autoComplete="email"
          className={inputStyles}
          value={values.email}
          onChange={set("email")}
        />
      </Field>
      <Field id={id("company")} label={t("company")} error={errors.company}>
        <input
          {...fieldAria(id("company"), errors.company)}
          autoComplete="organization"
          className={inputStyles}
          value={values.company}
          onChange={set("company")}
        />
      </Field>
      <Field id={id("interest")} label={t("interest")} error={errors.interest}>
        <select {...fieldAria(id("interest"), errors.interest)} className={inputStyles} value={values.interest} onChange={set("interest")}>
          <option value="">{t("choose")}</option>
          {INTERESTS.map((value) => (
            <option key={value} value={value}>
              {t(value)}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
