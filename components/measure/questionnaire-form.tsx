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

export function QuestionnaireForm({ slug, signedIn }: { slug: QuestionnaireSlug; signedIn: boolean }) {
  const t = useTranslations("measuring");
  const format = useFormatter();
  const questionnaire = QUESTIONNAIRES[slug];
  const { items, perScreen, maxMissing } = questionnaire;
  const [answers, setAnswers] = useState<Answer[]>(() => items.map(() => undefined));
  const [screen, setScreen] = useState(0);
  const [done, setDone] = useState(false);
  const top = useRef<HTMLParagraphElement>(null);

  const screens = Math.ceil(items.length / perScreen);
  const from = screen * perScreen;
  const shown = items.slice(from, from + perScreen);
  const skipped = answers.filter((a) => a === null).length;
  const screenDone = shown.every((_, i) => answers[from + i] !== undefined);
  const final = useMemo(() => answers.map((a) => a ?? null), [answers]);
  const body = useMemo(() => questionnaire.body(final), [questionnaire, final]);

  const answer = (index: number, value: number | null) => setAnswers((previous) => previous.map((a, i) => (i === index ? value : a)));
  const go = (next: number) => {
    setScreen(next);
    requestAnimationFrame(() => top.current?.focus());
  };

  if (done) {
    const score = questionnaire.score(final);
    return (
      <div className="space-y-4">
        <Card title={t("questionnaire.scoreTitle")} headingLevel={2}>
          <p className="text-2xl font-bold text-slate-900" data-testid="questionnaire-score">
            {t(`${slug}.score`, { score: format.number(score ?? 0, { maximumFractionDigits: 1 }) })}
          </p>
          <p className="mt-2 text-sm text-slate-700">{t(`${slug}.scale`)}</p>
          <p className="mt-1 text-sm text-slate-700">{t(`${slug}.mcid`, { points: format.number(questionnaire.mcid) })}</p>
        </Card>
        <SendResult path={questionnaire.path} body={body} signedIn={signedIn} />
      </div>
    );
  }

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
      <p ref={top} tabIndex={-1} className="text-sm font-semibold text-slate-800">
        {t("questionnaire.progress", { from: from + 1, to: from + shown.length, total: items.length })}
      </p>
      <progress
        className="h-2 w-full"
        max={items.length}
        value={from}
        aria-label={t("questionnaire.progress", { from: from + 1, to: from + shown.length, total: items.length })}
      />
      {shown.map((item, i) => {
        const index = from + i;
        const current = answers[index];
        return (
          <fieldset key={item.key} className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">
              {index + 1}. {t(`${slug}.items.${item.key}`)}
            </legend>
            <div className="mt-2 grid gap-1">
              {questionnaire.values.map((value, v) => (
                <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
                  <input
                    type="radio"
                    name={item.key}
                    value={value}
                    checked={current === value}
                    onChange={() => answer(index, value)}
                    className="h-5 w-5 accent-teal-700"
                  />
                  <span>{t(`${slug}.scales.${item.scale}.o${(v + 1) as 1 | 2 | 3 | 4 | 5}`)}</span>
                </label>
              ))}
            </div>
            {current === null && <p className="mt-2 text-sm text-slate-700">{t("questionnaire.skipped")}</p>}
            {current === undefined && skipped < maxMissing && (
              <button
                type="button"
                className="mt-2 text-sm font-semibold text-teal-800 underline underline-offset-2"
                onClick={() => answer(index, null)}
              >
                {t("questionnaire.skip")}
              </button>
            )}
          </fieldset>
        );
      })}
      {maxMissing > 0 && <p className="text-sm text-slate-700">{t("questionnaire.skipRule")}</p>}
      {!screenDone && <p className="text-sm text-slate-700">{t("questionnaire.answerAll")}</p>}
      <div className="flex gap-2">
        {screen > 0 && (
          <Button variant="secondary" onClick={() => go(screen - 1)}>
            {t("questionnaire.back")}
          </Button>
        )}
        <Button type="submit" disabled={!screenDone}>
          {screen + 1 < screens ? t("questionnaire.next") : t("questionnaire.finish")}
        </Button>
      </div>
    </form>
  );
}
