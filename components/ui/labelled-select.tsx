"use client";
import { useId } from "react";
import { cx, inputStyles } from "@/components/ui";

/**
 * A select with its label: `inline` puts the label beside a compact select (a card's header
 * actions), `stacked` above a full-width one (a filter bar).
 */
export function LabelledSelect({
  label,
  value,
  onChange,
  options,
  layout = "stacked",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] of each option, in order. */
  options: Array<[string, string]>;
  layout?: "inline" | "stacked";
}) {
  const id = useId();
  const inline = layout === "inline";
  return (
    <div className={inline ? "flex items-center gap-2 text-sm" : "space-y-1"}>
      <label htmlFor={id} className={inline ? "font-medium text-slate-800" : "block text-sm font-medium text-slate-900"}>
        {label}
      </label>
      <select
        id={id}
        className={cx(inputStyles, inline && "w-auto py-1.5 text-sm")}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
