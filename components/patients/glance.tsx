// The at-a-glance strip that opens the dashboard, a provider's patient page and a result page:
// each test's latest value with its unit, the change since the first and the previous result
// (arrow and words), a band label, and a legend for the colours.
import type { ReactNode } from "react";
import { When } from "@/components/ui/when";
import { cx } from "@/components/ui";
import { HAND_NAMES } from "@/lib/assessments/vocabulary";
import { formatNumber, typeLabel } from "@/lib/web/format";

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
  { min: 70, label: "Good", range: "70–100", swatch: "bg-emerald-600", badge: "bg-emerald-100 text-emerald-900" },
  { min: 40, label: "Fair", range: "40–69", swatch: "bg-amber-500", badge: "bg-amber-100 text-amber-950" },
  { min: -Infinity, label: "Low", range: "below 40", swatch: "bg-red-600", badge: "bg-red-100 text-red-900" },
] as const;

export const bandOf = (score: number) => BANDS.find((band) => score >= band.min)!;

/** A change of more than 2 points counts, as in the trend rule. */
export function Change({ from, to, since }: { from: number | null; to: number; since: ReactNode }) {
  if (from === null) return <span className="text-slate-700">No earlier result</span>;
  const delta = Math.round((to - from) * 10) / 10;
  const [arrow, words, tone] =
    delta > 2
      ? ["↑", `up ${formatNumber(delta, 1)}`, "text-emerald-800"]
      : delta < -2
        ? ["↓", `down ${formatNumber(-delta, 1)}`, "text-red-800"]
        : [
            "→",
            delta === 0 ? "no change" : `about the same (${delta > 0 ? "+" : "−"}${formatNumber(Math.abs(delta), 1)})`,
            "text-slate-700",
          ];
  return (
    <span className={cx("font-medium", tone)}>
      <span aria-hidden="true">{arrow}</span> {words} <span className="font-normal text-slate-700">since {since}</span>
    </span>
  );
}

export function Band({ score }: { score: number }) {
  const band = bandOf(score);
  return <span className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold", band.badge)}>{band.label}</span>;
}

export function Legend() {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
      <span className="font-semibold text-slate-800">Scores out of 100, higher is better:</span>
      {BANDS.map((band) => (
        <span key={band.label} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={cx("inline-block h-3 w-3 rounded-sm", band.swatch)} />
          {band.label} {band.range}
        </span>
      ))}
      <span>↑ ↓ a change of more than 2 points; → within 2 points</span>
    </p>
  );
}

export function testName(test: string, hand: string | null): string {
  return hand ? `${typeLabel(test)} · ${HAND_NAMES[hand] ?? hand}` : typeLabel(test);
}

function Tile({ t }: { t: GlanceTest }) {
  const band = bandOf(t.score);
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <span className="flex items-center gap-2">
        <span aria-hidden="true" className={cx("inline-block h-3 w-3 shrink-0 rounded-sm", band.swatch)} />
        <span className="font-semibold text-slate-900">{testName(t.test, t.hand)}</span>
      </span>
      <span className="flex items-baseline gap-2">
        <span className="text-2xl font-bold text-slate-900">{formatNumber(t.score, 1)}</span>
        <span className="text-slate-700">/ 100</span>
        <Band score={t.score} />
      </span>
      <span className="text-xs text-slate-700">
        Latest <When value={t.date} kind="day" />
      </span>
      <Change
        from={t.previousScore}
        to={t.score}
        since={
          t.previousDate ? (
            <>
              the previous result (<When value={t.previousDate} kind="shortDay" />)
            </>
          ) : (
            "—"
          )
        }
      />
      {t.previousScore === null ? (
        <span className="text-xs text-slate-700">Not enough data for a trend yet</span>
      ) : (
        <Change
          from={t.firstScore}
          to={t.score}
          since={
            <>
              the first result (<When value={t.firstDate} kind="shortDay" />)
            </>
          }
        />
      )}
    </li>
  );
}

/** The strip for a patient's tests (profile `tests`); a placeholder of the same height while loading. */
export function GlanceStrip({ tests, title = "At a glance" }: { tests: GlanceTest[] | null; title?: string }) {
  return (
    <section aria-labelledby="glance-heading" className="space-y-2">
      <h2 id="glance-heading" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {tests === null ? (
        <div aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-slate-200/70" />
      ) : tests.length === 0 ? (
        <p className="text-sm text-slate-700">No scores yet. Each test appears here once a result is in the account.</p>
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
