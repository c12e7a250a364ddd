"use client";
// The finger-tapping run: four targets tapped 1-2-3-4 for RUN_SECONDS with one hand, by touch,
// mouse or the keys 1-4. Every tap is recorded raw (time, target, distance from its centre,
// pointer, touch points down) and scored by lib/measure/tapping.ts; an unusable run offers a
// retry, a usable one is shown with how it was measured and sent, one record per hand.
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { SendResult } from "@/components/measure/send-result";
import { Alert, Button, Card, Facts } from "@/components/ui";
import {
  RUN_SECONDS,
  TARGETS,
  scoreTapping,
  type DexterityFields,
  type Pointer,
  type Tap,
  type TappingResult,
} from "@/lib/measure/tapping";

type Hand = "LEFT" | "RIGHT";
type Phase = { phase: "ready" } | { phase: "running"; started: number } | { phase: "done"; result: TappingResult };

const POINTERS: readonly Pointer[] = ["touch", "mouse", "pen"];

/** Which target a pointer landed on (the nearest whose circle holds it) and how far from its centre, 0-1. */
function hitTarget(elements: (HTMLButtonElement | null)[], x: number, y: number) {
  let target: number | null = null;
  let offset = 1;
  elements.forEach((element, index) => {
    if (!element) return;
    const box = element.getBoundingClientRect();
    const radius = box.width / 2;
    const distance = Math.hypot(x - (box.left + radius), y - (box.top + box.height / 2)) / radius;
    if (distance <= 1 && (target === null || distance < offset)) {
      target = index;
      offset = distance;
    }
  });
  return { target, offset: target === null ? 1 : offset };
}

/** One run: the countdown, the keys 1-4 and the pointers on the arena, each tap recorded raw. */
function useTappingRun() {
  const [phase, setPhase] = useState<Phase>({ phase: "ready" });
  const [left, setLeft] = useState(RUN_SECONDS);
  const taps = useRef<Tap[]>([]);
  const down = useRef(new Set<number>());
  const targets = useRef<(HTMLButtonElement | null)[]>([]);

  const start = () => {
    taps.current = [];
    down.current.clear();
    setLeft(RUN_SECONDS);
    setPhase({ phase: "running", started: performance.now() });
  };

  useEffect(() => {
    if (phase.phase !== "running") return;
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil(RUN_SECONDS - (performance.now() - phase.started) / 1000))), 250);
    const end = setTimeout(() => setPhase({ phase: "done", result: scoreTapping(taps.current) }), RUN_SECONDS * 1000);
    const key = (event: KeyboardEvent) => {
      const n = Number(event.key);
      if (!Number.isInteger(n) || n < 1 || n > TARGETS || event.repeat) return;
      event.preventDefault();
      taps.current.push({ t: performance.now() - phase.started, target: n - 1, offset: 0, pointer: "key", touches: 1 });
    };
    window.addEventListener("keydown", key);
    return () => {
      clearInterval(tick);
      clearTimeout(end);
      window.removeEventListener("keydown", key);
    };
  }, [phase]);

  const onPointerDown = (event: React.PointerEvent) => {
    if (phase.phase !== "running") return;
    event.preventDefault();
    down.current.add(event.pointerId);
    const { target, offset } = hitTarget(targets.current, event.clientX, event.clientY);
    const pointer = POINTERS.includes(event.pointerType as Pointer) ? (event.pointerType as Pointer) : "mouse";
    taps.current.push({ t: performance.now() - phase.started, target, offset, pointer, touches: down.current.size });
  };
  const lift = (event: React.PointerEvent) => down.current.delete(event.pointerId);

  return { phase, setPhase, left, start, targets, onPointerDown, lift };
}

type TappingRun = ReturnType<typeof useTappingRun>;

export function TappingTest({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("measuring.tapping");
  const [hand, setHand] = useState<Hand>("RIGHT");
  const run = useTappingRun();
  const { phase } = run;

  if (phase.phase === "done") {
    const { result } = phase;
    if (!result.usable)
      return (
        <div className="space-y-3">
          <Alert kind="warning">{t(`unusable.${result.reason}`)}</Alert>
          <Button onClick={run.start}>{t("retry")}</Button>
        </div>
      );
    const other: Hand = hand === "RIGHT" ? "LEFT" : "RIGHT";
    return (
      <div className="space-y-4">
        <TappingResultCard hand={hand} pointer={result.pointer} fields={result.fields} />
        <SendResult path="/assessments/dexterity" body={{ hand, ...result.fields }} signedIn={signedIn} />
        <Button
          variant="secondary"
          onClick={() => {
            setHand(other);
            run.setPhase({ phase: "ready" });
          }}
        >
          {t("otherHand", { hand: other })}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("intro", { seconds: RUN_SECONDS })}</p>
      {phase.phase === "ready" && (
        <>
          <HandChoice hand={hand} onChange={setHand} />
          <Button onClick={run.start}>{t("start", { hand })}</Button>
        </>
      )}
      {phase.phase === "running" && (
        <p aria-live="polite" className="font-semibold text-slate-900">
          {t("running", { left: run.left })}
        </p>
      )}
      <TappingArena run={run} />
    </div>
  );
}

/** A usable run's scores, with the pointer it was measured by. */
function TappingResultCard({ hand, pointer, fields: f }: { hand: Hand; pointer: Pointer; fields: DexterityFields }) {
  const t = useTranslations("measuring.tapping");
  const format = useFormatter();
  const score = (v: number) => t("outOf", { value: format.number(v, { maximumFractionDigits: 1 }) });
  return (
    <Card title={t("resultTitle", { hand })} headingLevel={2}>
      <p className="mb-3 text-sm font-semibold text-slate-800" data-testid="tapping-pointer">
        {t(`by.${pointer}`)}
      </p>
      <div data-testid="tapping-fields">
        <Facts
          items={[
            [t("fields.overallScore"), score(f.overallScore)],
            [t("fields.speedScore"), score(f.speedScore)],
            [t("fields.touchPrecision"), score(f.touchPrecision)],
            [t("fields.consistencyScore"), score(f.consistencyScore)],
            [t("fields.sequenceAccuracy"), score(f.sequenceAccuracy)],
            [t("fields.cycleCount"), format.number(f.cycleCount)],
            [t("fields.totalTouches"), format.number(f.totalTouches)],
            [t("fields.sequencesCompleted"), format.number(f.sequencesCompleted)],
            [
              t("fields.timeTo10Sequences"),
              f.timeTo10Sequences === null ? t("none") : t("seconds", { value: format.number(f.timeTo10Sequences) }),
            ],
            [t("fields.averageFrequency"), format.number(f.averageFrequency)],
          ]}
        />
      </div>
    </Card>
  );
}

function HandChoice({ hand, onChange }: { hand: Hand; onChange: (hand: Hand) => void }) {
  const t = useTranslations("measuring.tapping");
  const hands = useTranslations("measuring.pain.hands");
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{t("hand")}</legend>
      <div className="mt-1 flex gap-4">
        {(["LEFT", "RIGHT"] as const).map((h) => (
          <label key={h} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="hand" className="h-5 w-5 accent-teal-700" checked={hand === h} onChange={() => onChange(h)} />
            {hands(h)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The four numbered targets; taps are read on the arena so a miss between targets counts too. */
function TappingArena({ run }: { run: TappingRun }) {
  const t = useTranslations("measuring.tapping");
  return (
    <div
      className="grid touch-none select-none grid-cols-4 gap-2 rounded-xl border border-slate-200 bg-white p-3"
      data-testid="tapping-arena"
      onPointerDown={run.onPointerDown}
      onPointerUp={run.lift}
      onPointerCancel={run.lift}
    >
      {Array.from({ length: TARGETS }, (_, i) => (
        <button
          key={i}
          type="button"
          ref={(element) => {
            run.targets.current[i] = element;
          }}
          disabled={run.phase.phase !== "running"}
          aria-label={t("target", { n: i + 1 })}
          className="aspect-square w-full rounded-full border-4 border-teal-700 bg-teal-50 text-2xl font-bold text-teal-900 disabled:opacity-60"
        >
          {i + 1}
        </button>
      ))}
    </div>
  );
}
