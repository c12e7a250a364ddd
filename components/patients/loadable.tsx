"use client";
import type { ReactNode } from "react";
import { Alert, Button, Loading } from "@/components/ui";
import type { Loadable } from "@/lib/web/use-proxy";

/**
 * Loading (a placeholder of `minHeight`, so the page does not jump), error (with retry) or the
 * content of a fetched value; while a new answer loads the old content stays, marked busy.
 */
export function Show<T>({
  value,
  label,
  minHeight,
  children,
}: {
  value: Loadable<T> & { reload: () => void };
  label: string;
  minHeight?: string;
  children: (data: T) => ReactNode;
}) {
  if (value.state === "loading") {
    return (
      <div className={minHeight}>
        <Loading label={`Loading ${label}…`} />
      </div>
    );
  }
  if (value.state === "error") {
    const message =
      value.status === 401
        ? "Your sign-in has expired. Please sign in again."
        : value.status === 403
          ? "You do not have access to this."
          : value.message;
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
  // While new data loads the old stays, at full contrast (dimmed text fails WCAG contrast), with
  // a thin bar above it that takes no room, so nothing moves.
  return (
    <div aria-busy={value.refreshing} className="relative">
      {value.refreshing ? <div aria-hidden="true" className="absolute inset-x-0 -top-1.5 h-0.5 animate-pulse rounded bg-teal-700" /> : null}
      {children(value.data)}
    </div>
  );
}
