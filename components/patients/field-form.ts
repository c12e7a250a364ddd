"use client";
// The submit cycle the patient's forms share (profile, journal): busy while sending; a 400 that
// names one of the form's fields shows its message under that field, any other failure and the
// success as the form's one status line.
import { useState } from "react";
import type { JsonResult } from "@/lib/web/json-call";
import { errorText } from "@/lib/web/format";

export function useFieldForm<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [status, setStatus] = useState<{ kind: "saved" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (send: () => Promise<JsonResult<{ field?: string }>>, saved: string, onSaved: () => void) => {
    setBusy(true);
    setStatus(null);
    setErrors({});
    const result = await send();
    setBusy(false);
    if (result.ok) {
      setStatus({ kind: "saved", text: saved });
      onSaved();
      return;
    }
    const field = fields.find((name) => name === result.data.field);
    if (result.status === 400 && field) setErrors({ [field]: errorText(result.data).replace(/^\w+: /, "") } as Partial<Record<F, string>>);
    else setStatus({ kind: "error", text: errorText(result.data) });
  };
  return { errors, status, busy, submit };
}
