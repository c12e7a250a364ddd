"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

const TEXT = {
  title: "Nothing measured yet?",
  body: "Open a made-up range-of-motion result to see what a result page shows. It is marked as a sample and is deleted after a day.",
  button: "Try a sample result",
  busy: "Making a sample…",
  tooMany: "Too many new records from your connection. Please wait a minute and try again.",
  seedBefore: "Development mode:",
  seedCommand: "npm run db:seed",
  seedAfter: "fills this install with sample patients, a clinic and weeks of results.",
};

/** The home page's offer of a sample result; in development mode it also names the seed script. */
export function TrySample({ development }: { development: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{TEXT.body}</p>
      <Button
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const made = await proxy<{ path: string }>("/lookup/sample", { method: "POST" });
          if (made.ok) return router.push(made.data.path);
          setBusy(false);
          setError(made.status === 429 ? TEXT.tooMany : errorText(made.data));
        }}
      >
        {busy ? TEXT.busy : TEXT.button}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      {development && (
        <p className="text-xs text-slate-700">
          {TEXT.seedBefore} <code className="font-mono">{TEXT.seedCommand}</code> {TEXT.seedAfter}
        </p>
      )}
    </div>
  );
}

export const TRY_SAMPLE_TITLE = TEXT.title;
