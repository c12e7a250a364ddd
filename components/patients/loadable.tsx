"use client";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("ui");
  if (value.state === "loading") {
    return (
      <div className={minHeight}>
        <Loading label={t("loadingWhat", { what: label })} />
      </div>
    );
  }
  if (value.state === "error") {
    const message = value.status === 401 ? t("expired") : value.status === 403 ? t("noAccess") : value.message;
    return (
      <div className="space-y-2">
        <Alert>{t("couldNotLoad", { what: label, message })}</Alert>
        <Button variant="secondary" onClick={value.reload}>
          {t("retry")}
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
