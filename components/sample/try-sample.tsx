"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

/** The home page's offer of a sample result; in development mode it also names the seed script. */
export function TrySample({ development }: { development: boolean }) {
  const t = useTranslations("trySample");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t("body")}</p>
      <Button
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const made = await proxy<{ path: string }>("/lookup/sample", { method: "POST" });
          if (made.ok) return router.push(made.data.path);
          setBusy(false);
          setError(made.status === 429 ? t("tooMany") : errorText(made.data));
        }}
      >
        {busy ? t("busy") : t("button")}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      {development && (
        <p className="text-xs text-slate-700">
          {t("seedBefore")} <code className="font-mono">npm run db:seed</code> {t("seedAfter")}
        </p>
      )}
    </div>
  );
}
