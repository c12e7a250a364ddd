// The headline numbers of one assessment, by type (spec, "Result snapshot").
import type { ReactNode } from "react";
import { Badge, Facts, ScoreBar } from "@/components/ui";
import { formatNumber, humanize, isNumber, painLabel, progressionLabel } from "@/lib/web/format";

type Snapshot = Record<string, unknown>;

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === "string" && value ? value : "—";
}

function Degrees({ value, max }: { value: unknown; max: number }) {
  if (!isNumber(value)) return <>—</>;
  const within = value >= 0 && value <= max;
  return (
    <>
      {formatNumber(value, 1)}°{" "}
      <span className="font-normal text-slate-700">
        (reference 0–{max}°{within ? "" : ", outside"})
      </span>
    </>
  );
}

function Rom({ s }: { s: Snapshot }) {
  return (
    <div className="space-y-4">
      <ScoreBar label="Overall" value={s.overallScore} />
      <ScoreBar label="Wrist" value={s.wristScore} />
      <ScoreBar label="Fingers" value={s.fingerScore} />
      <Facts
        items={[
          ["Wrist extension", <Degrees key="e" value={s.extensionDeg} max={70} />],
          ["Wrist flexion", <Degrees key="f" value={s.flexionDeg} max={80} />],
          ["Lighting", humanize(s.lightingQuality)],
        ]}
      />
    </div>
  );
}

function Dexterity({ s }: { s: Snapshot }) {
  return (
    <div className="space-y-4">
      <ScoreBar label="Overall" value={s.overallScore} />
      <ScoreBar label="Speed" value={s.speedScore} />
      <ScoreBar label="Precision" value={s.touchPrecision ?? s.accuracyScore} />
      <ScoreBar label="Consistency" value={s.consistencyScore} />
      <Facts
        items={[
          ["Tapping cycles", formatNumber(s.cycleCount)],
          ["Touches", formatNumber(s.totalTouches)],
          ["Sequences completed", formatNumber(s.sequencesCompleted)],
          ["Time to 10 sequences", isNumber(s.timeTo10Sequences) ? `${formatNumber(s.timeTo10Sequences, 1)} s` : "—"],
          ["Average frequency", isNumber(s.averageFrequency) ? `${formatNumber(s.averageFrequency, 2)} Hz` : "—"],
          ["Sequence accuracy", isNumber(s.sequenceAccuracy) ? `${formatNumber(s.sequenceAccuracy, 1)}` : "—"],
        ]}
      />
    </div>
  );
}

function Pain({ s }: { s: Snapshot }) {
  const entries = list(s.entries) as Array<Record<string, unknown>>;
  const medications = list(s.medications) as Array<Record<string, unknown>>;
  const strategies = list(s.strategies);
  return (
    <div className="space-y-4">
      <ScoreBar label="Overall (higher is less pain)" value={s.overallScore} />
      <Facts
        items={[
          ["Worst pain", isNumber(s.maxSeverity) ? `${formatNumber(s.maxSeverity)} / 10 · ${painLabel(s.maxSeverity)}` : "—"],
          ["Mode", humanize(s.mode)],
          ["Kind of pain", humanize(s.painType)],
          ["Time of day", humanize(s.timeOfDay)],
        ]}
      />
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
  const level = s.progressionLevel;
  return (
    <div className="space-y-4">
      <ScoreBar label="Composite score" value={s.compositeScore} />
      <p className="text-sm">
        <span className="text-slate-700">Progression level: </span>
        <span className="font-semibold text-slate-900">
          {isNumber(level) ? `${formatNumber(level)} · ${progressionLabel(level)}` : "—"}
        </span>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <ScoreBar label="Range of motion deficit" value={s.romDeficitScore} />
        <ScoreBar label="Pain burden" value={s.painBurdenScore} />
        <ScoreBar label="Function" value={s.functionalScore} />
        <ScoreBar label="Stiffness" value={s.stiffnessScore} />
      </div>
      <Facts
        items={[
          ["Pattern", humanize(s.patternType)],
          ["Affected joints", formatNumber(s.affectedJointCount)],
        ]}
      />
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
  switch (type) {
    case "ROM":
      return <Rom s={snapshot} />;
    case "DEXTERITY":
    case "FINGER_TAPPING":
      return <Dexterity s={snapshot} />;
    case "PAIN":
      return <Pain s={snapshot} />;
    case "ARTHRITIS":
      return <Arthritis s={snapshot} />;
    default:
      return <Generic s={snapshot} />;
  }
}

/** The one number a list shows for an assessment. */
export function headlineScore(snapshot: Snapshot): number | null {
  const value = snapshot.overallScore ?? snapshot.compositeScore;
  return isNumber(value) ? value : null;
}
