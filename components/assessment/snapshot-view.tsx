// The headline numbers of one assessment, by type (spec, "Result snapshot").
import type { ReactNode } from "react";
import { Badge, Facts, ScoreBar } from "@/components/ui";
import { headlineScore as kindHeadline, kindOf, KINDS } from "@/lib/assessments/kinds";
import { formatMetric, presentMetrics, type KindModule } from "@/lib/assessments/kinds/kind";
import { metricMeaning } from "@/lib/report-view/present";
import { formatNumber, humanize, isNumber, painLabel } from "@/lib/web/format";

type Snapshot = Record<string, unknown>;

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === "string" && value ? value : "—";
}

/** The kind module's metrics: higher-is-better scores as bars, every other figure (and the kind's words) as facts. */
function KindFigures({ kind, s }: { kind: KindModule; s: Snapshot }) {
  const shown = presentMetrics(kind, s);
  const bars = shown.filter(({ spec }) => spec.unit === "score" && !spec.higherIsWorse);
  const facts: Array<[string, ReactNode]> = [
    ...shown
      .filter(({ spec }) => spec.unit !== "score" || spec.higherIsWorse)
      .map(({ spec, value }): [string, ReactNode] => {
        const meaning = metricMeaning(spec, value);
        return [spec.label, meaning ? `${formatMetric(spec, value)} · ${meaning}` : formatMetric(spec, value)];
      }),
    ...kind.facts(s),
  ];
  return (
    <div className="space-y-4">
      {bars.map(({ spec, value }) => (
        <ScoreBar key={spec.key} label={spec.label} value={value} />
      ))}
      {facts.length > 0 && <Facts items={facts} />}
    </div>
  );
}

function Pain({ s }: { s: Snapshot }) {
  const entries = list(s.entries) as Array<Record<string, unknown>>;
  const medications = list(s.medications) as Array<Record<string, unknown>>;
  const strategies = list(s.strategies);
  return (
    <div className="space-y-4">
      <KindFigures kind={KINDS.PAIN} s={s} />
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Where it hurts</h3>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-700">No locations recorded.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100 text-sm">
            {entries.map((entry, index) => (
              <li key={index} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span className="text-slate-800">
                  {[
                    humanize(entry.hand),
                    humanize(entry.areaType),
                    entry.digit ? humanize(entry.digit) : null,
                    entry.location ? String(entry.location) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                <span className="font-medium text-slate-900">
                  {formatNumber(entry.severity)} / 10 · {painLabel(entry.severity)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {(strategies.length > 0 || medications.length > 0) && (
        <Facts
          items={[
            ["What helps", strategies.length ? strategies.map(humanize).join(", ") : "—"],
            [
              "Medications",
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

function Arthritis({ s }: { s: Snapshot }) {
  const flags = list(s.clinicalFlags).filter((flag): flag is string => typeof flag === "string");
  return (
    <div className="space-y-4">
      <KindFigures kind={KINDS.ARTHRITIS} s={s} />
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Clinical flags</h3>
        {flags.length === 0 ? (
          <p className="text-sm text-slate-700">None.</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-2">
            {flags.map((flag) => (
              <li key={flag}>
                <Badge tone="amber">{humanize(flag)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Generic({ s }: { s: Snapshot }) {
  const items = Object.entries(s)
    .filter(([, value]) => value === null || ["string", "number", "boolean"].includes(typeof value))
    .map(([key, value]): [string, ReactNode] => [
      humanize(key.replace(/([A-Z])/g, "_$1")),
      isNumber(value) ? formatNumber(value, 1) : String(value ?? "—"),
    ]);
  if (isNumber(s.overallScore))
    return (
      <div className="space-y-4">
        <ScoreBar label="Overall" value={s.overallScore} />
        <Facts items={items} />
      </div>
    );
  return items.length ? <Facts items={items} /> : <p className="text-sm text-slate-700">No details recorded.</p>;
}

export function SnapshotView({ type, snapshot }: { type: string; snapshot: Snapshot }) {
  const kind = kindOf(type);
  if (!kind) return <Generic s={snapshot} />;
  if (kind === KINDS.PAIN) return <Pain s={snapshot} />;
  if (kind === KINDS.ARTHRITIS) return <Arthritis s={snapshot} />;
  return <KindFigures kind={kind} s={snapshot} />;
}

/** The one number a list shows for an assessment: its kind's headline (0-100, higher is better). */
export function headlineScore(type: string, snapshot: Snapshot): number | null {
  return kindHeadline(type, snapshot);
}
