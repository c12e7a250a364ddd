"use client";
// A questionnaire, a few items a screen: each item a labelled radio group, "skip" only while
// the scoring still allows a missing item, then the score by the kind's own function and the
// result sent (SendResult). Generic over lib/measure/questionnaires.ts.
import { useFormatter, useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { SendResult } from "@/components/measure/send-result";
import { Button, Card } from "@/components/ui";
import { QUESTIONNAIRES } from "@/lib/measure/questionnaires";
import type { QuestionnaireSlug } from "@/lib/measure/slugs";

/** undefined: not answered yet; null: skipped. */
type Answer = number | null | undefined;

/** The answers so far; `final` is what is scored and sent, an unanswered item counted as skipped. */
function useAnswers(count: number) {
  const [answers, setAnswers] = useState<Answer[]>(() => Array.from({ length: count }, () => undefined));
  const answer = (index: number, value: number | null) => setAnswers((previous) => previous.map((a, i) => (i === index ? value : a)));
  const final = useMemo(() => answers.map((a) => a ?? null), [answers]);
  return { answers, answer, skipped: answers.filter((a) => a === null).length, final };
}

export function QuestionnaireForm({ slug, signedIn }: { slug: QuestionnaireSlug; signedIn: boolean }) {
  const t = useTranslations("measuring");
  const questionnaire = QUESTIONNAIRES[slug];
  const { items, perScreen, maxMissing } = questionnaire;
  const { answers, answer, skipped, final } = useAnswers(items.length);
  const [screen, setScreen] = useState(0);
  const [done, setDone] = useState(false);
  const top = useRef<HTMLParagraphElement>(null);

  const screens = Math.ceil(items.length / perScreen);
  const from = screen * perScreen;
  const shown = items.slice(from, from + perScreen);
  const screenDone = shown.every((_, i) => answers[from + i] !== undefined);
  const body = useMemo(() => questionnaire.body(final), [questionnaire, final]);

  const go = (next: number) => {
    setScreen(next);
    requestAnimationFrame(() => top.current?.focus());
  };

  if (done)
    return (
      <div className="space-y-4">
        <QuestionnaireScore slug={slug} answers={final} />
        <SendResult path={questionnaire.path} body={body} signedIn={signedIn} />
      </div>
    );

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!screenDone) return;
        if (screen + 1 < screens) go(screen + 1);
        else setDone(true);
      }}
    >
      <ScreenProgress ref={top} from={from} shown={shown.length} total={items.length} />
      {shown.map((item, i) => (
        <QuestionItem
          key={item.key}
          slug={slug}
          item={item}
          index={from + i}
          current={answers[from + i]}
          canSkip={skipped < maxMissing}
          onAnswer={answer}
        />
      ))}
      {maxMissing > 0 && <p className="text-sm text-slate-700">{t("questionnaire.skipRule")}</p>}
      {!screenDone && <p className="text-sm text-slate-700">{t("questionnaire.answerAll")}</p>}
      <ScreenButtons onBack={screen > 0 ? () => go(screen - 1) : undefined} last={screen + 1 >= screens} screenDone={screenDone} />
    </form>
  );
}

type Questionnaire = (typeof QUESTIONNAIRES)[QuestionnaireSlug];

function QuestionnaireScore({ slug, answers }: { slug: QuestionnaireSlug; answers: (number | null)[] }) {
  const t = useTranslations("measuring");
  const format = useFormatter();
  const questionnaire = QUESTIONNAIRES[slug];
  const score = questionnaire.score(answers);
  return (
    <Card title={t("questionnaire.scoreTitle")} headingLevel={2}>
      <p className="text-2xl font-bold text-slate-900" data-testid="questionnaire-score">
        {t(`${slug}.score`, { score: format.number(score ?? 0, { maximumFractionDigits: 1 }) })}
      </p>
      <p className="mt-2 text-sm text-slate-700">{t(`${slug}.scale`)}</p>
      <p className="mt-1 text-sm text-slate-700">{t(`${slug}.mcid`, { points: format.number(questionnaire.mcid) })}</p>
    </Card>
  );
}

/** One item as a radio group; "skip" offered while the scoring still allows another missing item. */
function QuestionItem({
  slug,
  item,
  index,
  current,
  canSkip,
  onAnswer,
}: {
  slug: QuestionnaireSlug;
  item: Questionnaire["items"][number];
  index: number;
  current: Answer;
  canSkip: boolean;
  onAnswer: (index: number, value: number | null) => void;
}) {
  const t = useTranslations("measuring");
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">
        {index + 1}. {t(`${slug}.items.${item.key}`)}
      </legend>
      <div className="mt-2 grid gap-1">
        {QUESTIONNAIRES[slug].values.map((value, v) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
            <input
              type="radio"
              name={item.key}
              value={value}
              checked={current === value}
              onChange={() => onAnswer(index, value)}
              className="h-5 w-5 accent-teal-700"
            />
            <span>{t(`${slug}.scales.${item.scale}.o${(v + 1) as 1 | 2 | 3 | 4 | 5}`)}</span>
          </label>
        ))}
      </div>
      {current === null && <p className="mt-2 text-sm text-slate-700">{t("questionnaire.skipped")}</p>}
      {current === undefined && canSkip && (
        <button
          type="button"
          className="mt-2 text-sm font-semibold text-teal-800 underline underline-offset-2"
          onClick={() => onAnswer(index, null)}
        >
          {t("questionnaire.skip")}
        </button>
      )}
    </fieldset>
  );
}

/** Where in the questionnaire this screen is; focused on each new screen so screen readers start at the top. */
function ScreenProgress({ ref, from, shown, total }: { ref: React.Ref<HTMLParagraphElement>; from: number; shown: number; total: number }) {
  const t = useTranslations("measuring");
  const progress = t("questionnaire.progress", { from: from + 1, to: from + shown, total });
  return (
    <>
      <p ref={ref} tabIndex={-1} className="text-sm font-semibold text-slate-800">
        {progress}
      </p>
      <progress className="h-2 w-full" max={total} value={from} aria-label={progress} />
    </>
  );
}

function ScreenButtons({ onBack, last, screenDone }: { onBack: (() => void) | undefined; last: boolean; screenDone: boolean }) {
  const t = useTranslations("measuring");
  return (
    <div className="flex gap-2">
      {onBack && (
        <Button variant="secondary" onClick={onBack}>
          {t("questionnaire.back")}
        </Button>
      )}
      <Button type="submit" disabled={!screenDone}>
        {last ? t("questionnaire.finish") : t("questionnaire.next")}
      </Button>
    </div>
  );
}
