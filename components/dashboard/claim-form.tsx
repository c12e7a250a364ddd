"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { z } from "zod";
import { normalizeInputCode } from "@/lib/web/codes";
import { Alert, Button, Card, FieldError, fieldAria, inputStyles } from "@/components/ui";
import type { claimResponse } from "@/lib/lookup/schemas";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

/** The typed code and claiming it; a code not found (404) is said so, other errors as the API words them. */
function useClaim(onClaimed: () => void) {
  const t = useTranslations("dashboard.claim");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setClaimed(null);
    const code = normalizeInputCode(value);
    if (!code) {
      setError(t("hint"));
      return;
    }
    setBusy(true);
    const result = await proxy<z.output<typeof claimResponse>>(`/lookup/${code}/claim`, { method: "POST" });
    setBusy(false);
    if (result.ok) {
      setError(null);
      setValue("");
      setClaimed(result.data.code);
      onClaimed();
    } else if (result.status === 404) {
      setError(t("notFound"));
    } else {
      setError(errorText(result.data));
    }
  };
  return { value, setValue, error, claimed, busy, claim };
}

/** Claim an anonymous assessment by its code. */
export function ClaimForm({ onClaimed }: { onClaimed: () => void }) {
  const t = useTranslations("dashboard.claim");
  const id = useId();
  const { value, setValue, error, claimed, busy, claim } = useClaim(onClaimed);
  return (
    <Card title={t("title")}>
      <form
        noValidate
        className="space-y-2"
        onSubmit={async (event) => {
          event.preventDefault();
          await claim();
        }}
      >
        <label htmlFor={id} className="block text-sm text-slate-800">
          {t("label")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            {...fieldAria(id, error)}
            className={`${inputStyles} font-mono uppercase`}
            placeholder="ABC-234"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <Button type="submit" disabled={busy}>
            {busy ? t("claiming") : t("claim")}
          </Button>
        </div>
        <FieldError id={id} error={error} />
        {claimed && (
          <Alert kind="success">
            {t.rich("claimed", {
              code: claimed,
              link: (chunks) => (
                <Link href={`/a/${claimed.replace("-", "")}`} className="font-mono font-semibold underline">
                  {chunks}
                </Link>
              ),
            })}
          </Alert>
        )}
      </form>
    </Card>
  );
}
