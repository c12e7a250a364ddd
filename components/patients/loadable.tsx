"use client";
import type { ReactNode } from "react";
import { Alert, Button, Loading } from "@/components/ui";
import type { Loadable } from "@/lib/web/use-proxy";

/** Loading, error (with retry) or the content of a fetched value. */
export function Show<T>({ value, label, children }: { value: Loadable<T> & { reload: () => void }; label: string; children: (data: T) => ReactNode }) {
  if (value.state === "loading") return <Loading label={`Loading ${label}…`} />;
  if (value.state === "error") {
    const message =
      value.status === 401 ? "Your sign-in has expired. Please sign in again." : value.status === 403 ? "You do not have access to this." : value.message;
    return (
      <div className="space-y-2">
        <Alert>
          Could not load {label}: {message}
        </Alert>
        <Button variant="secondary" onClick={value.reload}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(value.data)}</>;
}
