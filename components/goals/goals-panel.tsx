"use client";
// A patient's goals (GET/PUT/DELETE <base>/goals): each in words with its latest measurement and
// whether it is reached, a small chart of the metric with the goal as a dashed line, and a form
// to add, change or remove one. The same panel serves the patient (base /patients/me) and their
// clinician (base /patients/<id>); the API decides who may.
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { z } from "zod";
import { GoalChart } from "@/components/charts/score-chart";
import { Show } from "@/components/patients/loadable";
import { buttonStyles, Card, cx, FieldError, inputStyles } from "@/components/ui";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { When } from "@/components/ui/when";
import { KINDS, type Kind } from "@/lib/assessments/kinds";
import type { KindModule } from "@/lib/assessments/kinds/kind";
import { useMeasureWords } from "@/components/patients/measure-words";
import { formatValue } from "@/lib/report-view/measure";
import { GOAL_RANGES, GOAL_TESTS, goalDirection } from "@/lib/goals/rules";
import type { goal, goalsResponse } from "@/lib/goals/schemas";
import { errorText } from "@/lib/web/format";
import { proxy } from "@/lib/web/client";
import type { Loadable } from "@/lib/web/use-proxy";

export type Goal = z.output<typeof goal>;
export type GoalsAnswer = z.output<typeof goalsResponse>;

type ViewWords = { has(key: string): boolean; (key: string): string };

/**
 * The goal being set: test, metric and target (the metric resets to the test's first when the
 * test changes); save checks the target is within the metric's range before sending it.
 */
function useGoalDraft(base: string, editing: Goal | null, onSaved: (message: string) => void) {
  const t = useTranslations("goals");
  const [test, setTest] = useState<string>(editing?.test ?? KINDS.ROM.type);
  const metrics = KINDS[test as Kind].metrics;
  const [metric, setMetric] = useState<string>(editing?.metric ?? "extensionDeg");
  const spec = metrics.find((m) => m.key === metric) ?? metrics[0]!;
  const [target, setTarget] = useState(editing ? String(editing.target) : "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [low, high] = GOAL_RANGES[spec.unit];
  const chooseTest = (value: string) => {
    setTest(value);
    setMetric(KINDS[value as Kind].metrics[0]!.key);
  };
  const save = async () => {
    const value = Number(target);
    if (target.trim() === "" || !Number.isFinite(value) || value < low || value > high) {
      setError(t("range", { low, high }));
      return;
    }
    setSaving(true);
    const answer = await proxy<Goal>(`${base}/goals`, { method: "PUT", body: { test, metric: spec.key, target: value } });
    setSaving(false);
    if (answer.ok) {
      setError(null);
      setTarget("");
      onSaved(t("saved", { goal: answer.data.text }));
    } else setError(errorText(answer.data));
  };
  return { test, chooseTest, metrics, spec, setMetric, target, setTarget, low, high, error, saving, save };
}

type GoalDraft = ReturnType<typeof useGoalDraft>;

/** Each metric of the test by the catalogue's name for it, else the kind's own label. */
function metricOptions(draft: GoalDraft, view: ViewWords): [string, string][] {
  const kind: KindModule = KINDS[draft.test as Kind];
  return draft.metrics.map((m): [string, string] => {
    const key = `metrics.${kind.metricLabelsOf ?? kind.type}.${m.key}`;
    return [m.key, view.has(key) ? view(key) : m.label];
  });
}

/** The target, labelled with its direction and unit, its allowed range as the hint. */
function TargetField({ draft }: { draft: GoalDraft }) {
  const t = useTranslations("goals");
  const measure = useMeasureWords();
  const targetId = useId();
  const { spec, low, high, error } = draft;
  return (
    <div className="space-y-1 sm:col-span-2">
      <label htmlFor={targetId} className="block text-sm font-medium text-slate-900">
        {t(goalDirection(spec) === "atLeast" ? "targetAtLeast" : "targetAtMost", { unit: measure.units[spec.unit] || "—" })}
      </label>
      <p id={`${targetId}-hint`} className="text-xs text-slate-600">
        {t("range", { low, high })}
      </p>
      <input
        id={targetId}
        type="number"
        inputMode="decimal"
        step="any"
        min={low}
        max={high}
        className={inputStyles}
        value={draft.target}
        onChange={(event) => draft.setTarget(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${targetId}-hint ${targetId}-error`}
      />
      <FieldError id={targetId} error={error} />
    </div>
  );
}

function GoalForm({ base, editing, onSaved }: { base: string; editing: Goal | null; onSaved: (message: string) => void }) {
  const t = useTranslations("goals");
  const kindName = useTranslations("kinds");
  const view = useTranslations("view") as unknown as ViewWords;
  const draft = useGoalDraft(base, editing, onSaved);
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      aria-label={t("formLabel")}
      onSubmit={(event) => {
        event.preventDefault();
        void draft.save();
      }}
    >
      <LabelledSelect
        label={t("test")}
        value={draft.test}
        onChange={draft.chooseTest}
        options={GOAL_TESTS.map((type): [string, string] => [type, kindName(`${type as Kind}.name`)])}
      />
      <LabelledSelect label={t("metric")} value={draft.spec.key} onChange={draft.setMetric} options={metricOptions(draft, view)} />
      <TargetField draft={draft} />
      <div className="sm:col-span-2">
        <button type="submit" className={buttonStyles.primary} disabled={draft.saving}>
          {draft.saving ? t("saving") : t("save")}
        </button>
      </div>
    </form>
  );
}

/** The goal in words, its latest measurement and whether it is reached, and who set it. */
function GoalSummary({ goal: g }: { goal: Goal }) {
  const t = useTranslations("goals");
  const kindName = useTranslations("kinds");
  const measure = useMeasureWords();
  return (
    <div className="text-sm">
      <p className="font-semibold text-slate-900">
        {kindName(`${g.test}.name`)}: {g.text}
      </p>
      <p className="text-slate-700">
        {g.latest ? (
          <>
            {t("latest", { value: formatValue(g, g.latest.value, measure) })} <When value={g.latest.date} kind="date" /> ·{" "}
            <strong className={g.latest.reached ? "text-emerald-900" : "text-slate-900"}>
              {g.latest.reached ? t("reached") : t("notYet")}
            </strong>
          </>
        ) : (
          t("noMeasurement")
        )}
      </p>
      <p className="text-xs text-slate-700">{g.setBy === "patient" ? t("setByPatient") : t("setByClinician")}</p>
    </div>
  );
}

function GoalItem({
  base,
  goal: g,
  onChanged,
  onEdit,
}: {
  base: string;
  goal: Goal;
  onChanged: (message: string) => void;
  onEdit: () => void;
}) {
  const t = useTranslations("goals");
  const [failed, setFailed] = useState(false);
  const remove = async () => {
    const answer = await proxy(`${base}/goals/${g.test}/${g.metric}`, { method: "DELETE" });
    if (answer.ok) onChanged(t("removed", { goal: g.text }));
    else setFailed(true);
  };
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <GoalSummary goal={g} />
        <div className="flex gap-2">
          <button
            type="button"
            className={cx(buttonStyles.secondary, "px-2.5 py-1 text-xs")}
            onClick={onEdit}
            aria-label={t("editNamed", { goal: g.text })}
          >
            {t("edit")}
          </button>
          <button
            type="button"
            className={cx(buttonStyles.secondary, "px-2.5 py-1 text-xs")}
            onClick={remove}
            aria-label={t("removeNamed", { goal: g.text })}
          >
            {t("remove")}
          </button>
        </div>
      </div>
      {failed && <p className="text-sm font-medium text-red-900">{t("removeFailed")}</p>}
      {g.points.length > 0 && <GoalChart goal={g} />}
    </li>
  );
}

/** `goals`: the caller's answer of GET <base>/goals, shared with the score chart, which draws the headline goals too. */
export function GoalsPanel({ base, goals }: { base: string; goals: Loadable<GoalsAnswer> & { reload: () => void } }) {
  const t = useTranslations("goals");
  const [editing, setEditing] = useState<Goal | null>(null);
  const [status, setStatus] = useState("");
  const changed = (message: string) => {
    setStatus(message);
    setEditing(null);
    goals.reload();
  };
  return (
    <Card title={t("title")}>
      <p role="status" aria-live="polite" className="mb-2 text-sm text-emerald-900 empty:hidden">
        {status}
      </p>
      <Show value={goals} label={t("loadLabel")}>
        {({ goals: list }) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-700">{t("none")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {list.map((g) => (
                <GoalItem key={`${g.test}:${g.metric}`} base={base} goal={g} onChanged={changed} onEdit={() => setEditing(g)} />
              ))}
            </ul>
          )
        }
      </Show>
      <h3 className="mt-4 mb-2 text-base font-semibold text-slate-900">{editing ? t("editTitle") : t("addTitle")}</h3>
      <GoalForm key={editing ? `${editing.test}:${editing.metric}` : "new"} base={base} editing={editing} onSaved={changed} />
    </Card>
  );
}
