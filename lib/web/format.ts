// Labels and number/date formatting shared by the pages (server and browser).
import { kindOf } from "@/lib/assessments/kinds";
import { PROGRESSION_LEVELS } from "@/lib/assessments/vocabulary";

export function typeLabel(type: string): string {
  return kindOf(type)?.shortName ?? humanize(type);
}

export function progressionLabel(level: unknown): string {
  const n = typeof level === "number" ? Math.round(level) : NaN;
  return PROGRESSION_LEVELS[n] ?? "Unknown";
}

/** DULL_ACHING → "Dull aching". */
export function humanize(token: unknown): string {
  if (typeof token !== "string" || token === "") return "—";
  const words = token.toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Intl formatters are costly to make (toLocaleString makes one per call): one per option set.
const numberFormats = new Map<number, Intl.NumberFormat>();

export function formatNumber(value: unknown, digits = 0): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  let format = numberFormats.get(digits);
  if (!format)
    numberFormats.set(digits, (format = new Intl.NumberFormat("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: 0 })));
  return format.format(value);
}

export function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? "—"
    : date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? "—"
    : date.toLocaleString("en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "UTC",
      }) + " UTC";
}

/** The error text of an API answer `{ error }`, or a fallback. */
export function errorText(data: unknown, fallback = "Something went wrong. Please try again."): string {
  const error = (data as { error?: unknown } | null)?.error;
  return typeof error === "string" && error ? error : fallback;
}
