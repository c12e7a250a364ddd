// What the patient's numbers are about, under the dashboard's heading: the injury, the week since
// the operation (or the date it is planned for) and the goals, in the patient's words.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { When } from "@/components/ui/when";

const DAY_MS = 86_400_000;

export interface PatientContext {
  injury: string | null;
  surgeryType: string | null;
  surgeryDate: string | null;
  goals: string[];
}

/** Whole days from the calendar day `date` (YYYY-MM-DD) to today, in UTC; negative for a day to come. */
function daysSince(date: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.floor((today - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);
}

export function ContextStrip({ context, now = new Date() }: { context: PatientContext; now?: Date }) {
  const t = useTranslations("dashboard.context");
  const items: Array<[string, ReactNode]> = [];
  if (context.injury) items.push([t("injury"), context.injury]);
  if (context.surgeryDate) {
    const days = daysSince(context.surgeryDate, now);
    const week = Math.floor(days / 7) + 1;
    items.push([
      t("surgery"),
      days < 0
        ? t.rich("planned", { date: () => <When value={context.surgeryDate} kind="day" /> })
        : context.surgeryType
          ? t("weekOf", { week, type: context.surgeryType })
          : t("week", { week }),
    ]);
  }
  if (context.goals.length) items.push([t("goals"), context.goals.join(" · ")]);
  if (items.length === 0) return null;
  return (
    <dl
      aria-label={t("label")}
      className="-mt-2 mb-6 flex flex-wrap gap-x-6 gap-y-2 rounded-lg border border-teal-200 bg-teal-50 px-4 py-3 text-sm"
    >
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-teal-900">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
