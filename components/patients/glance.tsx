// The at-a-glance strip that opens the dashboard, a provider's patient page and a result page:
// each test's latest value with its unit, the change since the first and the previous result
// (arrow and words), a band label, and a legend for the colours. In the page's language: on the
// server for a result page, in the browser under the dashboard's PageMessages.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { usePatientWords } from "@/components/patients/words";
import { When } from "@/components/ui/when";
import { cx } from "@/components/ui";

export interface GlanceTest {
  test: string;
  hand: string | null;
  score: number;
  date: string;
  previousScore: number | null;
  previousDate: string | null;
  firstScore: number;
  firstDate: string;
  trend: "improving" | "declining" | "stable" | "insufficient";
}

/** The colour bands of a 0-100 score (higher is better), as ScoreBar draws them. */
export const BANDS = [
  { min: 70, key: "good", swatch: "bg-emerald-600", badge: "bg-emerald-100 text-emerald-900" },
  { min: 40, key: "fair", swatch: "bg-amber-500", badge: "bg-amber-100 text-amber-950" },
  { min: -Infinity, key: "low", swatch: "bg-red-600", badge: "bg-red-100 text-red-900" },
] as const;

export const bandOf = (score: number) => BANDS.find((band) => score >= band.min)!;

/** A change of more than 2 points counts, as in the trend rule. */
export function Change({ from, to, since }: { from: number | null; to: number; since: ReactNode }) {
  const words = useTranslations("patientForms.glance");
  const { number } = usePatientWords();
  if (from === null) return <span className="text-slate-700">{words("noEarlier")}</span>;
  const delta = Math.round((to - from) * 10) / 10;
  const [arrow, change, tone] =
    delta > 2
      ? ["↑", words("up", { delta: number(delta, 1) }), "text-emerald-800"]
      : delta < -2
        ? ["↓", words("down", { delta: number(-delta, 1) }), "text-red-800"]
        : [
            "→",
            delta === 0 ? words("same") : words("about", { delta: `${delta > 0 ? "+" : "−"}${number(Math.abs(delta), 1)}` }),
            "text-slate-700",
          ];
  return (
    <span className={cx("font-medium", tone)}>
      <span aria-hidden="true">{arrow}</span> {change}{" "}
      <span className="font-normal text-slate-700">{words.rich("since", { when: () => since })}</span>
    </span>
  );
}

export function Band({ score }: { score: number }) {
  const words = useTranslations("patientForms.glance");
  const band = bandOf(score);
  return (
    <span className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold", band.badge)}>
      {words(`bands.${band.key}`)}
    </span>
  );
}

export function Legend() {
  const words = useTranslations("patientForms.glance");
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
      <span className="font-semibold text-slate-800">{words("legend")}</span>
      {BANDS.map((band) => (
        <span key={band.key} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={cx("inline-block h-3 w-3 rounded-sm", band.swatch)} />
          {words(`bands.${band.key}`)} {words(`ranges.${band.key}`)}
        </span>
      ))}
      <span>{words("legendArrows")}</span>
    </p>
  );
}

function Tile({ t }: { t: GlanceTest }) {
  const words = useTranslations("patientForms.glance");
  const { hand, kind, number } = usePatientWords();
  const band = bandOf(t.score);
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <span className="flex items-center gap-2">
        <span aria-hidden="true" className={cx("inline-block h-3 w-3 shrink-0 rounded-sm", band.swatch)} />
        <span className="font-semibold text-slate-900">{t.hand ? `${kind(t.test)} · ${hand(t.hand)}` : kind(t.test)}</span>
      </span>
      <span className="flex items-baseline gap-2">
        <span className="text-2xl font-bold text-slate-900">{number(t.score, 1)}</span>
        <span className="text-slate-700">/ 100</span>
        <Band score={t.score} />
      </span>
      <span className="text-xs text-slate-700">
        {words("latest")} <When value={t.date} kind="day" />
      </span>
      <Change
        from={t.previousScore}
        to={t.score}
        since={t.previousDate ? words.rich("previous", { date: () => <When value={t.previousDate} kind="shortDay" /> }) : "—"}
      />
      {t.previousScore === null ? (
        <span className="text-xs text-slate-700">{words("noTrend")}</span>
      ) : (
        <Change
          from={t.firstScore}
          to={t.score}
          since={words.rich("first", { date: () => <When value={t.firstDate} kind="shortDay" /> })}
        />
      )}
    </li>
  );
}

/** The strip for a patient's tests (profile `tests`); a placeholder of the same height while loading. */
export function GlanceStrip({ tests, title }: { tests: GlanceTest[] | null; title?: string }) {
  const words = useTranslations("patientForms.glance");
  return (
    <section aria-labelledby="glance-heading" className="space-y-2">
      <h2 id="glance-heading" className="text-lg font-semibold text-slate-900">
        {title ?? words("title")}
      </h2>
      {tests === null ? (
        <div aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-slate-200/70" />
      ) : tests.length === 0 ? (
        <p className="text-sm text-slate-700">{words("none")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {tests.map((t) => (
            <Tile key={`${t.test}-${t.hand}`} t={t} />
          ))}
        </ul>
      )}
      <Legend />
    </section>
  );
}
