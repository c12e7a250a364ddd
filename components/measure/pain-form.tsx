"use client";
// Pain on a hand map: both views (palm, back) of the chosen hand(s), each joint, the palm, the
// back of the hand and the wrist a target. The drawing is for pointers; the same places are a
// labelled list for keyboards and screen readers. QUICK asks where and how much; DETAILED
// also the kind of pain, when, medicines, what helps and comments (docs/clinical.md).
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { SendResult } from "@/components/measure/send-result";
import { Button, Card, cx, inputStyles } from "@/components/ui";
import { FINGERS, jointPoint, placesOf, type MapHand, type Place } from "@/lib/measure/pain-map";

const MODES = ["QUICK", "DETAILED"] as const;
const HANDS = ["LEFT", "RIGHT", "BOTH"] as const;
const VIEWS = ["PALM", "BACK"] as const;
const TYPES = ["SHARP", "DULL_ACHING", "BURNING", "THROBBING", "TINGLING_NUMBNESS", "STIFFNESS", "SWELLING"] as const;
const TIMES = ["MORNING", "AFTERNOON", "EVENING", "NIGHT", "CONSTANT"] as const;
const STRATEGIES = ["ELEVATION", "REST", "ICE", "COMPRESSION", "SPLINTING", "OTHER"] as const;
const SEVERITIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

type Medication = { medicationName: string; dose: string };
type Severities = Record<string, number>;

/** The DETAILED-only answers, kept while the mode flips so switching back loses nothing. */
function useDetails() {
  const [painType, setPainType] = useState("");
  const [timeOfDay, setTimeOfDay] = useState("");
  const [medications, setMedications] = useState<Medication[]>([]);
  const [strategies, setStrategies] = useState<string[]>([]);
  const [comments, setComments] = useState("");
  return { painType, setPainType, timeOfDay, setTimeOfDay, medications, setMedications, strategies, setStrategies, comments, setComments };
}

type Details = ReturnType<typeof useDetails>;

/** A place as the patient reads it: "Right hand, index finger middle joint". */
function usePlaceName() {
  const t = useTranslations("measuring.pain");
  return (p: Place) =>
    t("target", {
      hand: t(`hands.${p.hand}`),
      place:
        p.areaType === "DIGIT_JOINT"
          ? t("jointPlace", { digit: t(`digits.${p.digit}`), joint: t(`joints.${p.location}`) })
          : t(`areas.${p.areaType}`),
    });
}

/** The request body for /assessments/pain-v2; the detailed answers only when given and in DETAILED mode. */
function painBody(mode: (typeof MODES)[number], hand: (typeof HANDS)[number], entries: Place[], severity: Severities, details: Details) {
  const detailed = mode === "DETAILED";
  const { painType, timeOfDay, medications, strategies, comments } = details;
  const named = medications.filter((m) => m.medicationName.trim());
  return {
    mode,
    hand,
    entries: entries.map((p) => ({
      areaType: p.areaType,
      hand: p.hand,
      ...(p.areaType === "DIGIT_JOINT" ? { digit: p.digit, location: p.location } : {}),
      severity: severity[p.id],
    })),
    ...(detailed && painType ? { painType } : {}),
    ...(detailed && timeOfDay ? { timeOfDay } : {}),
    ...(detailed && named.length
      ? {
          medications: named.map((m) => ({ medicationName: m.medicationName.trim(), ...(m.dose.trim() ? { dose: m.dose.trim() } : {}) })),
        }
      : {}),
    ...(detailed && strategies.length ? { strategies } : {}),
    ...(detailed && comments.trim() ? { comments: comments.trim() } : {}),
  };
}

export function PainForm({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("measuring.pain");
  const [mode, setMode] = useState<(typeof MODES)[number]>("QUICK");
  const [hand, setHand] = useState<(typeof HANDS)[number]>("RIGHT");
  const [severity, setSeverity] = useState<Severities>({});
  const [chosen, setChosen] = useState<string | null>(null);
  const details = useDetails();
  const [body, setBody] = useState<Record<string, unknown> | null>(null);

  const hands = useMemo<MapHand[]>(() => (hand === "BOTH" ? ["LEFT", "RIGHT"] : [hand]), [hand]);
  const places = useMemo(() => hands.flatMap(placesOf), [hands]);
  const byId = new Map(places.map((p) => [p.id, p]));
  const entries = places.filter((p) => severity[p.id] !== undefined);
  const selected = chosen ? byId.get(chosen) : undefined;

  if (body) return <SendResult path="/assessments/pain-v2" body={body} signedIn={signedIn} />;

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("intro")}</p>
      <Choice
        legend={t("mode")}
        name="mode"
        options={MODES.map((m) => [m, t(`modes.${m}`)])}
        value={mode}
        onChange={(v) => setMode(v as typeof mode)}
      />
      <Choice
        legend={t("hand")}
        name="hand"
        options={HANDS.map((h) => [h, t(`hands.${h}`)])}
        value={hand}
        onChange={(v) => {
          setHand(v as typeof hand);
          setChosen(null);
        }}
      />
      <HandMap hands={hands} severity={severity} chosen={chosen} onChoose={setChosen} />
      <PlaceList places={places} chosen={chosen} onChoose={setChosen} />
      {selected && <SeverityChoice place={selected} severity={severity} setSeverity={setSeverity} />}
      <ChosenPlaces entries={entries} severity={severity} setSeverity={setSeverity} />
      {mode === "DETAILED" && <DetailedFields details={details} />}
      <Button onClick={() => setBody(painBody(mode, hand, entries, severity, details))} disabled={entries.length === 0}>
        {t("send")}
      </Button>
    </div>
  );
}

/** Both views of each chosen hand, side by side. */
function HandMap({
  hands,
  severity,
  chosen,
  onChoose,
}: {
  hands: MapHand[];
  severity: Severities;
  chosen: string | null;
  onChoose: (id: string) => void;
}) {
  const t = useTranslations("measuring.pain");
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="hand-map">
      {hands.flatMap((h) =>
        VIEWS.map((view) => (
          <figure key={`${h}-${view}`} className="rounded-xl border border-slate-200 bg-white p-2">
            <HandDrawing hand={h} view={view} severity={severity} chosen={chosen} onChoose={onChoose} />
            <figcaption className="text-center text-sm text-slate-700">{t("drawing", { hand: h, view })}</figcaption>
          </figure>
        )),
      )}
    </div>
  );
}

/** The same places as the drawings, as a labelled list for keyboards and screen readers. */
function PlaceList({ places, chosen, onChoose }: { places: Place[]; chosen: string | null; onChoose: (id: string | null) => void }) {
  const t = useTranslations("measuring.pain");
  const placeName = usePlaceName();
  return (
    <label className="block text-sm font-semibold text-slate-800">
      {t("list")}
      <select className={cx(inputStyles, "mt-1")} value={chosen ?? ""} onChange={(e) => onChoose(e.target.value || null)}>
        <option value="">–</option>
        {places.map((p) => (
          <option key={p.id} value={p.id}>
            {placeName(p)}
          </option>
        ))}
      </select>
    </label>
  );
}

type SetSeverities = React.Dispatch<React.SetStateAction<Severities>>;

/** The 0-10 scale for the place being rated. */
function SeverityChoice({ place, severity, setSeverity }: { place: Place; severity: Severities; setSeverity: SetSeverities }) {
  const t = useTranslations("measuring.pain");
  const placeName = usePlaceName();
  return (
    <fieldset className="rounded-xl border border-teal-300 bg-teal-50 p-3" data-testid="severity">
      <legend className="px-1 font-semibold text-slate-900">{t("severity", { place: placeName(place) })}</legend>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        {SEVERITIES.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-white">
            <input
              type="radio"
              name="severity"
              className="h-5 w-5 accent-teal-700"
              checked={severity[place.id] === value}
              onChange={() => setSeverity((s) => ({ ...s, [place.id]: value }))}
            />
            {t("severityValue", { value, label: t(`severityLabels.${value}`) })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The places rated so far, each with its severity and a way to take it back. */
function ChosenPlaces({ entries, severity, setSeverity }: { entries: Place[]; severity: Severities; setSeverity: SetSeverities }) {
  const t = useTranslations("measuring.pain");
  const placeName = usePlaceName();
  return (
    <Card title={t("chosen")} headingLevel={2}>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-700">{t("none")}</p>
      ) : (
        <ul className="space-y-2" data-testid="pain-entries">
          {entries.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {placeName(p)}:{" "}
                {t("severityValue", {
                  value: severity[p.id]!,
                  label: t(`severityLabels.${severity[p.id]! as (typeof SEVERITIES)[number]}`),
                })}
              </span>
              <Button
                variant="secondary"
                aria-label={`${t("remove")}: ${placeName(p)}`}
                onClick={() => setSeverity(({ [p.id]: _, ...rest }) => rest)}
              >
                {t("remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The DETAILED mode's extra questions. */
function DetailedFields({ details }: { details: Details }) {
  const t = useTranslations("measuring.pain");
  return (
    <div className="space-y-4">
      <Pick
        label={t("type")}
        value={details.painType}
        onChange={details.setPainType}
        options={TYPES.map((v) => [v, t(`types.${v}`)])}
        none={t("notSaid")}
      />
      <Pick
        label={t("time")}
        value={details.timeOfDay}
        onChange={details.setTimeOfDay}
        options={TIMES.map((v) => [v, t(`times.${v}`)])}
        none={t("notSaid")}
      />
      <MedicationsFieldset medications={details.medications} setMedications={details.setMedications} />
      <StrategiesFieldset strategies={details.strategies} setStrategies={details.setStrategies} />
      <label className="block text-sm font-semibold text-slate-800">
        {t("comments")}
        <textarea
          className={cx(inputStyles, "mt-1")}
          rows={3}
          maxLength={4000}
          value={details.comments}
          onChange={(e) => details.setComments(e.target.value)}
        />
      </label>
    </div>
  );
}

function MedicationsFieldset({ medications, setMedications }: { medications: Medication[]; setMedications: Details["setMedications"] }) {
  const t = useTranslations("measuring.pain");
  const change = (index: number, field: keyof Medication, value: string) =>
    setMedications((all) => all.map((x, j) => (j === index ? { ...x, [field]: value } : x)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">{t("medications")}</legend>
      {medications.map((m, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-2">
          <label className="text-sm text-slate-800">
            {t("medicationName")}
            <input
              className={cx(inputStyles, "mt-1")}
              maxLength={200}
              value={m.medicationName}
              onChange={(e) => change(i, "medicationName", e.target.value)}
            />
          </label>
          <label className="text-sm text-slate-800">
            {t("dose")}
            <input className={cx(inputStyles, "mt-1")} maxLength={200} value={m.dose} onChange={(e) => change(i, "dose", e.target.value)} />
          </label>
        </div>
      ))}
      <Button variant="secondary" onClick={() => setMedications((all) => [...all, { medicationName: "", dose: "" }])}>
        {t("addMedication")}
      </Button>
    </fieldset>
  );
}

function StrategiesFieldset({ strategies, setStrategies }: { strategies: string[]; setStrategies: Details["setStrategies"] }) {
  const t = useTranslations("measuring.pain");
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{t("strategies")}</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {STRATEGIES.map((s) => (
          <label key={s} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="h-5 w-5 accent-teal-700"
              checked={strategies.includes(s)}
              onChange={(e) => setStrategies((all) => (e.target.checked ? [...all, s] : all.filter((x) => x !== s)))}
            />
            {t(`strategyNames.${s}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Choice({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: [string, string][];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {options.map(([key, label]) => (
          <label key={key} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={name} className="h-5 w-5 accent-teal-700" checked={value === key} onChange={() => onChange(key)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Pick({
  label,
  value,
  onChange,
  options,
  none,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
  none: string;
}) {
  return (
    <label className="block text-sm font-semibold text-slate-800">
      {label}
      <select className={cx(inputStyles, "mt-1")} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One view of one hand; pointer targets only (the list above carries the same places for everyone else). */
function HandDrawing({
  hand,
  view,
  severity,
  chosen,
  onChoose,
}: {
  hand: MapHand;
  view: "PALM" | "BACK";
  severity: Record<string, number>;
  chosen: string | null;
  onChoose: (id: string) => void;
}) {
  const mirror = (hand === "RIGHT") === (view === "PALM");
  const fill = (id: string) => (chosen === id ? "#0f766e" : severity[id] !== undefined ? "#f59e0b" : "#ffffff");
  const area = view === "PALM" ? "PALM" : "DORSAL";
  return (
    <svg viewBox="0 0 200 260" className="mx-auto h-64 w-auto touch-manipulation" aria-hidden="true">
      <g transform={mirror ? "translate(200 0) scale(-1 1)" : undefined}>
        <HandOutline />
        <rect
          data-place={`${hand}-${area}`}
          x={48}
          y={128}
          width={106}
          height={92}
          rx={18}
          fill={fill(`${hand}-${area}`)}
          stroke="#64748b"
          onClick={() => onChoose(`${hand}-${area}`)}
        />
        <rect
          data-place={`${hand}-WRIST`}
          x={66}
          y={224}
          width={72}
          height={30}
          rx={8}
          fill={fill(`${hand}-WRIST`)}
          stroke="#64748b"
          onClick={() => onChoose(`${hand}-WRIST`)}
        />
        <JointTargets hand={hand} fill={fill} onChoose={onChoose} />
      </g>
    </svg>
  );
}

/** The fingers and thumb, drawn only: the targets are laid over them. */
function HandOutline() {
  return (
    <>
      {Object.entries(FINGERS).map(([digit, { x, top }]) => (
        <rect key={digit} x={x - 11} y={top} width={22} height={140 - top} rx={11} fill="#e2e8f0" stroke="#64748b" />
      ))}
      <path d="M14 122 Q22 114 30 124 L62 200 L48 214 Z" fill="#e2e8f0" stroke="#64748b" />
    </>
  );
}

function JointTargets({ hand, fill, onChoose }: { hand: MapHand; fill: (id: string) => string; onChoose: (id: string) => void }) {
  return placesOf(hand)
    .filter((p) => p.areaType === "DIGIT_JOINT")
    .map((p) => {
      const [cx, cy] = jointPoint(p.digit!, p.location!);
      return (
        <circle
          key={p.id}
          data-place={p.id}
          cx={cx}
          cy={cy}
          r={8}
          fill={fill(p.id)}
          stroke="#334155"
          strokeWidth={1.5}
          onClick={() => onChoose(p.id)}
        />
      );
    });
}
