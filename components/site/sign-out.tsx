"use client";
// Signing out is next-auth's sign-out request made directly: the header is on every page, and
// next-auth's browser client (with its runtime helpers) would otherwise load on every page too.
import { useState } from "react";
import { Button } from "@/components/ui";

export function SignOutButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
          await fetch("/api/auth/signout", {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ csrfToken, callbackUrl: "/", json: "true" }),
          });
        } finally {
          window.location.assign("/");
        }
      }}
    >
      {label}
    </Button>
  );
}
