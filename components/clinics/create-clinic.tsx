"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { Clinic } from "@/components/clinics/types";
import { Button, Card, Field, fieldAria, inputStyles } from "@/components/ui";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

/** "Create a clinic": the caller becomes its clinic admin and lands on its page to invite colleagues. */
export function CreateClinic() {
  const t = useTranslations("clinics");
  const router = useRouter();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t("createTitle")}>
      <form
        noValidate
        aria-label={t("createTitle")}
        className="space-y-3"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!name.trim()) {
            setError(t("nameRequired"));
            return;
          }
          setBusy(true);
          const result = await proxy<Clinic>("/clinics", { method: "POST", body: { name: name.trim() } });
          if (result.ok) {
            router.push(`/provider/clinics/${result.data.id}`);
            return;
          }
          setBusy(false);
          setError(errorText(result.data));
        }}
      >
        <Field id={id} label={t("clinicName")} hint={t("createHelp")} error={error}>
          <input
            {...fieldAria(id, error, true)}
            className={inputStyles}
            autoComplete="organization"
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? t("creating") : t("create")}
        </Button>
      </form>
    </Card>
  );
}
