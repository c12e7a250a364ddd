// The headline numbers of one assessment, by type (spec, "Result snapshot"), in the page's
// language. Server-rendered only: its words come from the catalogue (lib/report-view/words.ts),
// which stays out of the browser's bundle (lists take a record's score from ./snapshot-view).
import type { ReactNode } from "react";
import { Badge, Facts, ScoreBar } from "@/components/ui";
import { kindOf, KINDS } from "@/lib/assessments/kinds";
import type { KindModule } from "@/lib/assessments/kinds/kind";
import { SERVICE_BANDS, serviceBand } from "@/lib/report-view/measure";
import { flagName, formatMetric, kindFacts, kindMetrics, painLabel, painPlace, round, tokenName } from "@/lib/report-view/present";
import type { Words } from "@/lib/report-view/words";
import { humanize, isNumber } from "@/lib/web/format";

type Snapshot = Record<string, unknown>;

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === "string" && value ? value : "—";
}

/** A stored token in words, "—" when there is none. */
function token(value: unknown, w: Words): string {
  return typeof value === "string" && value ? tokenName(value, w) : "—";
}

/**
 * The kind module's metrics: the scores this service bands (0-100, higher is better) as bars,
 * every other figure (a PROM, a rating, an angle) and the kind's words as facts.
 */
function KindFigures({ kind, s, w }: { kind: KindModule; s: Snapshot; w: Words }) {
  const shown = kindMetrics(kind, s, w);
  const banded = (metric: (typeof shown)[number]) => serviceBand(metric.spec, metric.number) !== null;
  const bars = shown.filter(banded);
  const facts: Array<[string, ReactNode]> = [
    ...shown
      .filter((metric) => !banded(metric))
      .map(({ label, value, meaning }): [string, ReactNode] => [label, meaning ? `${value} · ${meaning}` : value]),
    ...kindFacts(kind, s, w).map(({ label, value }): [string, ReactNode] => [label, value]),
  ];
  return (
    <div className="space-y-4">
      {bars.map(({ spec, label, number, value, meaning }) => (
        <ScoreBar key={spec.key} label={label} value={number} shown={value} reference={meaning} />
      ))}
      {bars.length > 0 && <BandsLegend w={w} />}
      {facts.length > 0 && <Facts items={facts} />}
    </div>
  );
}

/** The bars' colours are this service's own bands, not published norms: said beside them. */
function BandsLegend({ w }: { w: Words }) {
  const m = w.measure;
  return (
    <p className="text-xs text-slate-700">
      {m.bandsLegend} {SERVICE_BANDS.map((band) => `${m.bands[band.key]} ${m.ranges[band.key]}`).join(" · ")}
    </p>
  );
}

function Pain({ s, w }: { s: Snapshot; w: Words }) {
  const t = w.t;
  const entries = list(s.entries) as Array<Record<string, unknown>>;
  const medications = list(s.medications) as Array<Record<string, unknown>>;
  const strategies = list(s.strategies);
  return (
    <div className="space-y-4">
      <KindFigures kind={KINDS.PAIN} s={s} w={w} />
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("assessmentPage.whereItHurts")}</h3>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-700">{t("assessmentPage.noLocations")}</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100 text-sm">
            {entries.map((area, index) => (
              <li key={index} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span className="text-slate-800">{painPlace(area, w) ?? w.table.unspecifiedArea}</span>
                <span className="font-medium text-slate-900">
                  {isNumber(area.severity) ? `${round(area.severity, w)} / 10 · ${painLabel(area.severity, w)}` : "—"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {(strategies.length > 0 || medications.length > 0) && (
        <Facts
          items={[
            [t("assessmentPage.whatHelps"), strategies.length ? strategies.map((strategy) => token(strategy, w)).join(", ") : "—"],
            [
              t("assessmentPage.medications"),
              medications.length
                ? medications.map((m) => [text(m.medicationName), m.dose ? String(m.dose) : null].filter(Boolean).join(" ")).join(", ")
                : "—",
            ],
          ]}
        />
      )}
      {typeof s.comments === "string" && s.comments && <p className="text-sm text-slate-800">“{s.comments}”</p>}
    </div>
  );
}

function Arthritis({ s, w }: { s: Snapshot; w: Words }) {
  const flags = list(s.clinicalFlags).filter((flag): flag is string => typeof flag === "string");
  return (
    <div className="space-y-4">
      <KindFigures kind={KINDS.ARTHRITIS} s={s} w={w} />
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{w.t("assessmentPage.clinicalFlags")}</h3>
        {flags.length === 0 ? (
          <p className="text-sm text-slate-700">{w.t("assessmentPage.none")}</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-2">
            {flags.map((flag) => (
              <li key={flag}>
                <Badge tone="amber">{flagName(flag, w)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Generic({ s, w }: { s: Snapshot; w: Words }) {
  const items = Object.entries(s)
    .filter(([, value]) => value === null || ["string", "number", "boolean"].includes(typeof value))
    .map(([key, value]): [string, ReactNode] => [
      humanize(key.replace(/([A-Z])/g, "_$1")),
      isNumber(value) ? w.number(value, 1) : String(value ?? "—"),
    ]);
  if (isNumber(s.overallScore))
    return (
      <div className="space-y-4">
        <ScoreBar
          label={w.t("assessmentPage.overall")}
          value={s.overallScore}
          shown={formatMetric({ unit: "score" }, s.overallScore, w)}
          reference={w.measure.direction.higherIsBetter}
        />
        <Facts items={items} />
      </div>
    );
  return items.length ? <Facts items={items} /> : <p className="text-sm text-slate-700">{w.t("assessmentPage.noDetails")}</p>;
}

export function SnapshotView({ type, snapshot, w }: { type: string; snapshot: Snapshot; w: Words }) {
  const kind = kindOf(type);
  if (!kind) return <Generic s={snapshot} w={w} />;
  if (kind === KINDS.PAIN) return <Pain s={snapshot} w={w} />;
  if (kind === KINDS.ARTHRITIS) return <Arthritis s={snapshot} w={w} />;
  return <KindFigures kind={kind} s={snapshot} w={w} />;
}
