"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { markOpenedByCodeBox } from "@/components/assessment/arrival-focus";
import { Button, FieldError, fieldAria, inputStyles } from "@/components/ui";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";
import { CODE_HINT, normalizeInputCode } from "@/lib/web/codes";

// The report form reads codes the same way.
export { normalizeInputCode };

/** Opens an assessment or a report by its code: the API says which one the code names. */
export function CodeBox({ label, initial = "" }: { label?: string; initial?: string }) {
  const t = useTranslations("codeBox");
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <form
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={async (event) => {
        event.preventDefault();
        const code = normalizeInputCode(value);
        if (!code) {
          setError(CODE_HINT);
          return;
        }
        setError(null);
        setBusy(true);
        const found = await proxy<{ path: string }>(`/codes/${code}`);
        if (found.ok) {
          markOpenedByCodeBox();
          return router.push(found.data.path);
        }
        // Unknown or expired: the not-found page says so and repeats the code. A full load, since
        // a client-side one would reuse the not-found page rendered for this page's own path.
        if (found.status === 404) return window.location.assign(`/a/${code}`);
        setBusy(false);
        setError(found.status === 429 ? t("tooMany") : errorText(found.data));
      }}
    >
      <div className="flex-1">
        <label htmlFor={id} className="sr-only">
          {label ?? t("label")}
        </label>
        <input
          {...fieldAria(id, error)}
          className={`${inputStyles} font-mono uppercase tracking-widest`}
          placeholder="ABC-234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <FieldError id={id} error={error} className="mt-1" />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? t("opening") : t("open")}
      </Button>
    </form>
  );
}
