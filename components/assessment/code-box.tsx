"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button, fieldAria, inputStyles } from "@/components/ui";

const ALPHABET = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

/** "ABC-234", "abc234" → "ABC234"; null when it cannot be a code. */
export function normalizeInputCode(value: string): string | null {
  const compact = value.trim().toUpperCase().replace(/[\s-]/g, "");
  return ALPHABET.test(compact) ? compact : null;
}

/** Open an assessment (or, with `target="report"`, a report) by its code. */
export function CodeBox({ target = "assessment", label = "Assessment code" }: { target?: "assessment" | "report"; label?: string }) {
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const code = normalizeInputCode(value);
        if (!code) {
          setError("A code is 6 letters and digits, for example ABC-234 (no 0, O, 1, I or L).");
          return;
        }
        setError(null);
        setBusy(true);
        router.push(`/${target === "report" ? "r" : "a"}/${code}`);
      }}
    >
      <div className="flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          {...fieldAria(id, error)}
          className={`${inputStyles} font-mono uppercase tracking-widest`}
          placeholder="ABC-234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Opening…" : "Open"}
      </Button>
    </form>
  );
}
