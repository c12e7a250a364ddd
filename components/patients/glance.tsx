// The at-a-glance strip that opens the dashboard, a provider's patient page and a result page:
// each test's latest value on its own measure and scale (QuickDASH 0-100 and worst pain 0-10,
// lower is better), the change since the first and the previous result (arrow, and better or
// worse by the measure's direction and MCID), this service's own band where it has one, and a
// legend that says the bands are its own. In the page's language: on the
// server for a result page, in the browser under the dashboard's PageMessages.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useMeasureWords } from "@/components/patients/measure-words";
import { usePatientWords } from "@/components/patients/words";
import { When } from "@/components/ui/when";
import { cx } from "@/components/ui";
import { kindOf } from "@/lib/assessments/kinds";
import { primaryMeasure, type MetricSpec } from "@/lib/assessments/kinds/kind";
import {
  formatDelta,
  formatValue,
  measureFromHeadline,
  SERVICE_BANDS,
  serviceBand,
  verdictOf,
  type BandKey,
} from "@/lib/report-view/measure";

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

/** The swatch and badge of each of this service's own bands (lib/report-view/measure.ts); a measure without bands is slate. */
const BAND_STYLE: Record<BandKey, { swatch: string; badge: string }> = {
  good: { swatch: "bg-emerald-600", badge: "bg-emerald-100 text-emerald-900" },
  fair: { swatch: "bg-amber-500", badge: "bg-amber-100 text-amber-950" },
  low: { swatch: "bg-red-600", badge: "bg-red-100 text-red-900" },
};

/** A test's value on its kind's own measure: the wire's headline turned back into it. */
function reading(test: string, headline: number) {
  const kind = kindOf(test);
  if (!kind) return null;
  const spec = primaryMeasure(kind);
  return { spec, at: (score: number) => measureFromHeadline(kind, score), value: measureFromHeadline(kind, headline) };
}

/** The change since an earlier result on the measure's own scale, better or worse by its direction and MCID. */
export function Change({ spec, from, to, since }: { spec: MetricSpec; from: number | null; to: number; since: ReactNode }) {
  const words = useTranslations("patientForms.glance");
  const measure = useMeasureWords();
  if (from === null) return <span className="text-slate-700">{words("noEarlier")}</span>;
  const delta = to - from;
  const verdict = verdictOf(spec, from, to) ?? "within";
  const arrow = Math.abs(delta) < 0.05 ? "→" : delta > 0 ? "↑" : "↓";
  const tone = { better: "text-emerald-800", worse: "text-red-800", within: "text-slate-700" }[verdict];
  const change = arrow === "→" ? words("noChange") : `${formatDelta(spec, delta, measure)} (${measure.verdict(verdict)})`;
  return (
    <span className={cx("font-medium", tone)}>
      <span aria-hidden="true">{arrow}</span> {change}{" "}
      <span className="font-normal text-slate-700">{words.rich("since", { when: () => since })}</span>
    </span>
  );
}

export function Band({ band }: { band: BandKey }) {
  const words = useTranslations("measure");
  return (
    <span className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold", BAND_STYLE[band].badge)}>
      {words(`bands.${band}`)}
    </span>
  );
}

/** The bands are this service's own, for its 0-100 composite scores: said, with their ranges, whenever a tile shows one. */
export function Legend({ banded }: { banded: boolean }) {
  const words = useTranslations("patientForms.glance");
  const measure = useTranslations("measure");
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
      {banded && (
        <>
          <span className="font-semibold text-slate-800">{measure("bandsLegend")}</span>
          {SERVICE_BANDS.map((band) => (
            <span key={band.key} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={cx("inline-block h-3 w-3 rounded-sm", BAND_STYLE[band.key].swatch)} />
              {measure(`bands.${band.key}`)} {measure(`ranges.${band.key}`)}
            </span>
          ))}
        </>
      )}
      <span>{words("legendArrows")}</span>
    </p>
  );
}

function Tile({ t }: { t: GlanceTest }) {
  const words = useTranslations("patientForms.glance");
  const { hand, kind } = usePatientWords();
  const measure = useMeasureWords();
  const read = reading(t.test, t.score);
  if (!read) return null;
  const { spec, at, value } = read;
  const band = serviceBand(spec, value);
  const scale = spec.direction ? measure.direction[spec.direction] : null;
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <span className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={cx("inline-block h-3 w-3 shrink-0 rounded-sm", band ? BAND_STYLE[band].swatch : "bg-slate-400")}
        />
        <span className="font-semibold text-slate-900">{t.hand ? `${kind(t.test)} · ${hand(t.hand)}` : kind(t.test)}</span>
      </span>
      <span className="flex flex-wrap items-baseline gap-2">
        <span className="text-2xl font-bold text-slate-900">{formatValue(spec, value, measure)}</span>
        {band && <Band band={band} />}
      </span>
      {scale && <span className="text-xs text-slate-700">{scale}</span>}
      <span className="text-xs text-slate-700">
        {words("latest")} <When value={t.date} kind="day" />
      </span>
      <Change
        spec={spec}
        from={t.previousScore === null ? null : at(t.previousScore)}
        to={value}
        since={t.previousDate ? words.rich("previous", { date: () => <When value={t.previousDate} kind="shortDay" /> }) : "—"}
      />
      {t.previousScore === null ? (
        <span className="text-xs text-slate-700">{words("noTrend")}</span>
      ) : (
        <Change
          spec={spec}
          from={at(t.firstScore)}
          to={value}
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
      <Legend
        banded={(tests ?? []).some((t) => {
          const read = reading(t.test, t.score);
          return read !== null && serviceBand(read.spec, read.value) !== null;
        })}
      />
    </section>
  );
}
