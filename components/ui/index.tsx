// UI primitives (no state): usable from server and client components.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ComponentProps, ReactNode } from "react";

export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
export const buttonStyles = {
  primary: cx(buttonBase, "bg-teal-700 text-white hover:bg-teal-800 focus-visible:outline-teal-700"),
  secondary: cx(buttonBase, "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 focus-visible:outline-teal-700"),
  danger: cx(buttonBase, "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700"),
};

export function Button({ variant = "primary", className, ...props }: ComponentProps<"button"> & { variant?: keyof typeof buttonStyles }) {
  return <button type="button" className={cx(buttonStyles[variant], className)} {...props} />;
}

export function LinkButton({
  variant = "primary",
  className,
  ...props
}: ComponentProps<typeof Link> & { variant?: keyof typeof buttonStyles }) {
  return <Link className={cx(buttonStyles[variant], className)} {...props} />;
}

export function Card({
  title,
  children,
  className,
  actions,
  headingLevel = 2,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={cx("rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6", className)}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function Alert({ kind = "error", children }: { kind?: "error" | "info" | "success" | "warning"; children: ReactNode }) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-900",
    info: "border-sky-300 bg-sky-50 text-sky-900",
    success: "border-emerald-300 bg-emerald-50 text-emerald-900",
    warning: "border-amber-300 bg-amber-50 text-amber-950",
  }[kind];
  return (
    <div role={kind === "error" ? "alert" : "status"} className={cx("rounded-lg border px-4 py-3 text-sm", styles)}>
      {children}
    </div>
  );
}

export function Loading({ label }: { label?: string }) {
  const t = useTranslations("ui");
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-6 text-sm text-slate-700">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-teal-700" />
      {label ?? t("loading")}
    </div>
  );
}

export function Badge({ tone = "slate", children }: { tone?: "slate" | "red" | "green" | "amber" | "teal"; children: ReactNode }) {
  const styles = {
    slate: "bg-slate-100 text-slate-800",
    red: "bg-red-100 text-red-900",
    green: "bg-emerald-100 text-emerald-900",
    amber: "bg-amber-100 text-amber-950",
    teal: "bg-teal-100 text-teal-900",
  }[tone];
  return <span className={cx("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", styles)}>{children}</span>;
}

export function PageHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {children && <div className="mt-2 text-slate-700">{children}</div>}
    </div>
  );
}

export const inputStyles =
  "block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/40 aria-[invalid=true]:border-red-700";

/** A labelled input with its error message tied to it for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * An input's error message. The element is always there (empty without an error), so screen
 * readers announce a message as soon as it appears.
 */
export function FieldError({ id, error, className }: { id: string; error?: string | null; className?: string }) {
  return (
    <p id={`${id}-error`} aria-live="assertive" className={cx("text-sm font-medium text-red-800 empty:hidden", className)}>
      {error ?? ""}
    </p>
  );
}

/** aria attributes for an input inside <Field>. */
export function fieldAria(id: string, error?: string | null, hint?: boolean) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}

/**
 * A 0-100 score (higher is better) with a bar coloured by this service's own bands
 * (lib/report-view/measure.ts SERVICE_BANDS); `shown` is the value as written with its unit.
 */
export function ScoreBar({ label, value, shown, reference }: { label: string; value: unknown; shown: string; reference?: string }) {
  const number = typeof value === "number" && Number.isFinite(value) ? value : null;
  const tone = number === null ? "bg-slate-300" : number >= 70 ? "bg-emerald-600" : number >= 40 ? "bg-amber-500" : "bg-red-600";
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="font-semibold text-slate-900">{number === null ? "—" : shown}</span>
      </div>
      <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200">
        <div className={cx("h-full rounded-full", tone)} style={{ width: `${Math.max(0, Math.min(100, number ?? 0))}%` }} />
      </div>
      {reference && <p className="mt-1 text-xs text-slate-600">{reference}</p>}
    </div>
  );
}

/** A definition list of label/value pairs. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    // Two columns only where the box itself is wide enough (a sidebar card is not, whatever the screen).
    <div className="@container">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm @md:grid-cols-2">
        {items.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="shrink-0 text-slate-700">{term}</dt>
            <dd className="min-w-0 text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
