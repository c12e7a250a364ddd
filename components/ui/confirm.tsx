"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui";

/**
 * An inline "are you sure?" for a destructive action: the question, the action and a way back.
 * Focus moves to the way back when it opens (the button that opened it is gone), so a stray
 * Enter does not confirm.
 */
export function Confirm({
  question,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  question: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("ui");
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div role="group" aria-label={t("confirm")} className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
      <p className="text-red-950">{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </Button>
        <Button ref={cancel} variant="secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel ?? t("cancel")}
        </Button>
      </div>
    </div>
  );
}
