"use client";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui";
import type { Messages } from "@/lib/i18n/messages";

/** Identity-provider mode: hand over to the provider's sign-in page. */
export function ProviderSignInButton({ callbackUrl, words }: { callbackUrl: string; words: { signIn: string; redirecting: string } }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signIn("auth0", { callbackUrl });
      }}
    >
      {busy ? words.redirecting : words.signIn}
    </Button>
  );
}

type Personas = Messages["signin"]["personas"];

/** Development mode only: pick who to be (the personas' words from the catalogue, in the reader's language). */
export function DevelopmentSignIn({ callbackUrl, personas, signingIn }: { callbackUrl: string; personas: Personas; signingIn: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {(Object.keys(personas) as (keyof Personas)[]).map((persona) => (
        <li key={persona} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-semibold text-slate-900">{personas[persona].label}</h2>
          <p className="mt-1 flex-1 text-sm text-slate-700">{personas[persona].description}</p>
          <Button
            className="mt-3"
            disabled={busy !== null}
            onClick={() => {
              setBusy(persona);
              void signIn("development", { persona, callbackUrl });
            }}
          >
            {busy === persona ? signingIn : personas[persona].continue}
          </Button>
        </li>
      ))}
    </ul>
  );
}
