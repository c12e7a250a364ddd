"use client";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui";

/** Identity-provider mode: hand over to the provider's sign-in page. */
export function ProviderSignInButton({ callbackUrl }: { callbackUrl: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signIn("auth0", { callbackUrl });
      }}
    >
      {busy ? "Redirecting…" : "Sign in"}
    </Button>
  );
}

const PERSONAS = [
  { persona: "patient", label: "Patient", description: "Your own dashboard, assessments, journal and subscription." },
  { persona: "care_provider", label: "Care provider", description: "The patient list, trends, attention flags and patient details." },
  {
    persona: "care_provider_2",
    label: "Second-clinic care provider",
    description: "The same pages for a clinician of the demo seed's second clinic: other patients, one shared with both.",
  },
  { persona: "admin", label: "Admin", description: "Everything a care provider sees." },
] as const;

/** Development mode only: pick who to be. */
export function DevelopmentSignIn({ callbackUrl }: { callbackUrl: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {PERSONAS.map(({ persona, label, description }) => (
        <li key={persona} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-semibold text-slate-900">{label}</h2>
          <p className="mt-1 flex-1 text-sm text-slate-700">{description}</p>
          <Button
            className="mt-3"
            disabled={busy !== null}
            onClick={() => {
              setBusy(persona);
              void signIn("development", { persona, callbackUrl });
            }}
          >
            {busy === persona ? "Signing in…" : `Continue as ${label.toLowerCase()}`}
          </Button>
        </li>
      ))}
    </ul>
  );
}
