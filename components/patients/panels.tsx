"use client";
// Panels shared by the patient dashboard (base /patients/me) and a provider's patient page
// (base /patients/<id>): score chart, assessment history, journal.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { useMeasureWords } from "@/components/patients/measure-words";
import { kindOf } from "@/lib/assessments/kinds";
import { formatValue, measureOf } from "@/lib/report-view/measure";
import { ScoreChart } from "@/components/charts/score-chart";
import type { Goal } from "@/components/goals/goals-panel";
import { Show } from "@/components/patients/loadable";
import { usePatientWords } from "@/components/patients/words";
import { Pagination } from "@/components/ui/pagination";
import { Card } from "@/components/ui";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { READ_NAMES } from "@/lib/assessments/types";
import type { assessmentsResponse, patientJournalResponse, scoresResponse } from "@/lib/patients/schemas";
import { query } from "@/lib/web/client";
import { When } from "@/components/ui/when";
import { useProxy } from "@/lib/web/use-proxy";

/** `goals`: drawn on the chart as dashed lines where a goal is on a charted test's headline score. */
export function ScoresPanel({ base, title: given, goals }: { base: string; title?: string; goals?: Goal[] }) {
  const t = useTranslations("patientForms.scores");
  const words = usePatientWords();
  const title = given ?? t("title");
  const [hand, setHand] = useState("");
  const scores = useProxy<z.output<typeof scoresResponse>>(`${base}/scores${query({ hand, limit: 365 })}`);
  return (
    <Card
      title={title}
      actions={
        <LabelledSelect
          layout="inline"
          label={t("hand")}
          value={hand}
          onChange={setHand}
          options={[["", t("all")], ...HANDS.map((name) => [name, words.hand(name)] as [string, string])]}
        />
      }
    >
      <Show value={scores} label={t("what")} minHeight="min-h-72">
        {({ scores: points }) =>
          points.length === 0 ? (
            <p className="text-sm text-slate-700">{hand ? t("noneHand") : t("none")}</p>
          ) : (
            <ScoreChart scores={points} title={title} goals={goals} />
          )
        }
      </Show>
    </Card>
  );
}

const PAGE = 10;
const HANDS = ["LEFT", "RIGHT", "BOTH"];

type HistoryItem = z.output<typeof assessmentsResponse>["assessments"][number];

/** One past result: test, hand, date and summary; its value on its own measure and its code (a link when `linkCodes`). */
function HistoryRow({ a, linkCodes }: { a: HistoryItem; linkCodes: boolean }) {
  const t = useTranslations("patientForms.history");
  const words = usePatientWords();
  const measure = useMeasureWords();
  const kind = kindOf(a.assessmentType);
  const result = kind ? measureOf(kind, a.resultSnapshot) : null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
      <div>
        <p className="font-semibold text-slate-900">
          {words.kind(a.assessmentType)}
          <span className="font-normal text-slate-700"> · {a.hand ? words.hand(a.hand) : t("noHand")}</span>
        </p>
        <p className="text-slate-700">
          <When value={a.dateCreated} />
          {a.summary ? ` · ${a.summary}` : ""}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="font-semibold text-slate-900">{result ? formatValue(result.spec, result.value, measure) : "—"}</span>
        {linkCodes ? (
          <Link href={`/a/${a.code}`} className="whitespace-nowrap font-mono font-semibold text-teal-800 underline underline-offset-2">
            {a.formattedCode}
          </Link>
        ) : (
          <span className="whitespace-nowrap font-mono">{a.formattedCode}</span>
        )}
      </div>
    </li>
  );
}

export function HistoryPanel({ base, linkCodes = true }: { base: string; linkCodes?: boolean }) {
  const [type, setType] = useState("");
  const [offset, setOffset] = useState(0);
  const history = useProxy<z.output<typeof assessmentsResponse>>(`${base}/assessments${query({ type, limit: PAGE, offset })}`);
  const t = useTranslations("patientForms.history");
  const words = usePatientWords();
  return (
    <Card
      title={t("title")}
      actions={
        <LabelledSelect
          layout="inline"
          label={t("type")}
          value={type}
          onChange={(value) => {
            setType(value);
            setOffset(0);
          }}
          options={[["", t("allTypes")], ...READ_NAMES.map((name) => [name, words.kind(name)] as [string, string])]}
        />
      }
    >
      <Show value={history} label={t("what")} minHeight="min-h-96">
        {({ assessments, total }) =>
          assessments.length === 0 ? (
            <p className="text-sm text-slate-700">{type ? t("noneType") : t("none")}</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {assessments.map((a) => (
                  <HistoryRow key={a.id} a={a} linkCodes={linkCodes} />
                ))}
              </ul>
              <Pagination label={t("pages")} offset={offset} limit={PAGE} total={total} onChange={setOffset} />
            </>
          )
        }
      </Show>
    </Card>
  );
}

export function JournalPanel({ patientId }: { patientId: number }) {
  const [offset, setOffset] = useState(0);
  const journal = useProxy<z.output<typeof patientJournalResponse>>(`/patients/${patientId}/journal${query({ limit: PAGE, offset })}`);
  const t = useTranslations("patientForms.journalPanel");
  const words = usePatientWords();
  return (
    <Card title={t("title")}>
      <Show value={journal} label={t("what")}>
        {({ journal: rows, total }) =>
          rows.length === 0 ? (
            <p className="text-sm text-slate-700">{t("none")}</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <li key={row.id} className="py-2.5 text-sm">
                    <p className="flex flex-wrap gap-x-3 text-slate-700">
                      <span className="font-semibold text-slate-900">
                        <When value={row.date} kind="date" />
                      </span>
                      <span>{words.entryType(row.type)}</span>
                      {row.hand && <span>{words.hand(row.hand)}</span>}
                      {row.pain !== null && <span>{t("pain", { value: words.number(row.pain) })}</span>}
                      {row.function !== null && <span>{t("function", { value: words.number(row.function) })}</span>}
                      {row.writtenByStaff && <span className="font-semibold text-amber-900">{t("byStaff")}</span>}
                    </p>
                    <p className="mt-1 text-slate-800">{row.summary}</p>
                  </li>
                ))}
              </ul>
              <Pagination label={t("pages")} offset={offset} limit={PAGE} total={total} onChange={setOffset} />
            </>
          )
        }
      </Show>
    </Card>
  );
}
