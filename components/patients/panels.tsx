"use client";
// Panels shared by the patient dashboard (base /patients/me) and a provider's patient page
// (base /patients/<id>): score chart, assessment history, journal.
import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { headlineScore } from "@/components/assessment/snapshot-view";
import type { Goal } from "@/components/goals/goals-panel";
import { Show } from "@/components/patients/loadable";
import { Pagination } from "@/components/ui/pagination";
import { Card } from "@/components/ui";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { READ_NAMES } from "@/lib/assessments/types";
import type { assessmentsResponse, patientJournalResponse, scoresResponse } from "@/lib/patients/schemas";
import { query } from "@/lib/web/client";
import { When } from "@/components/ui/when";
import { HAND_NAMES } from "@/lib/assessments/vocabulary";
import { formatNumber, humanize, typeLabel } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

// recharts is most of this page's script: it loads beside the scores once the page is up, not
// with the page.
const loadChart = () => import("@/components/charts/score-chart").then((chart) => chart.ScoreChart);
const ScoreChart = dynamic(loadChart, { ssr: false, loading: () => <div className="h-64 sm:h-72" /> });

/** `goals`: drawn on the chart as dashed lines where a goal is on a charted test's headline score. */
export function ScoresPanel({ base, title = "Score history", goals }: { base: string; title?: string; goals?: Goal[] }) {
  const [hand, setHand] = useState("");
  const scores = useProxy<z.output<typeof scoresResponse>>(`${base}/scores${query({ hand, limit: 365 })}`);
  useEffect(() => void loadChart(), []);
  return (
    <Card
      title={title}
      actions={
        <LabelledSelect
          layout="inline"
          label="Hand"
          value={hand}
          onChange={setHand}
          options={[["", "All"], ...Object.entries(HAND_NAMES)]}
        />
      }
    >
      <Show value={scores} label="scores" minHeight="min-h-72">
        {({ scores: points }) =>
          points.length === 0 ? (
            <p className="text-sm text-slate-700">
              No scores yet{hand ? " for this hand" : ""}. Scores appear once assessments are in the account.
            </p>
          ) : (
            <ScoreChart scores={points} title={title} goals={goals} />
          )
        }
      </Show>
    </Card>
  );
}

const PAGE = 10;

export function HistoryPanel({ base, linkCodes = true }: { base: string; linkCodes?: boolean }) {
  const [type, setType] = useState("");
  const [offset, setOffset] = useState(0);
  const history = useProxy<z.output<typeof assessmentsResponse>>(`${base}/assessments${query({ type, limit: PAGE, offset })}`);
  return (
    <Card
      title="Assessment history"
      actions={
        <LabelledSelect
          layout="inline"
          label="Type"
          value={type}
          onChange={(value) => {
            setType(value);
            setOffset(0);
          }}
          options={[["", "All types"], ...READ_NAMES.map((name) => [name, typeLabel(name)] as [string, string])]}
        />
      }
    >
      <Show value={history} label="assessments" minHeight="min-h-96">
        {({ assessments, total }) =>
          assessments.length === 0 ? (
            <p className="text-sm text-slate-700">No assessments{type ? " of this type" : ""} yet.</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {assessments.map((a) => {
                  const score = headlineScore(a.assessmentType, a.resultSnapshot);
                  return (
                    <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
                      <div>
                        <p className="font-semibold text-slate-900">
                          {typeLabel(a.assessmentType)}
                          <span className="font-normal text-slate-700">
                            {" "}
                            · {a.hand ? (HAND_NAMES[a.hand] ?? a.hand) : "hand not recorded"}
                          </span>
                        </p>
                        <p className="text-slate-700">
                          <When value={a.dateCreated} />
                          {a.summary ? ` · ${a.summary}` : ""}
                        </p>
                      </div>
                      <div className="flex items-center gap-3">
                        <span className="font-semibold text-slate-900">{score === null ? "—" : `${Math.round(score)}/100`}</span>
                        {linkCodes ? (
                          <Link
                            href={`/a/${a.code}`}
                            className="whitespace-nowrap font-mono font-semibold text-teal-800 underline underline-offset-2"
                          >
                            {a.formattedCode}
                          </Link>
                        ) : (
                          <span className="whitespace-nowrap font-mono">{a.formattedCode}</span>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
              <Pagination label="Assessment pages" offset={offset} limit={PAGE} total={total} onChange={setOffset} />
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
  return (
    <Card title="Journal">
      <Show value={journal} label="the journal">
        {({ journal: rows, total }) =>
          rows.length === 0 ? (
            <p className="text-sm text-slate-700">No journal entries yet.</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <li key={row.id} className="py-2.5 text-sm">
                    <p className="flex flex-wrap gap-x-3 text-slate-700">
                      <span className="font-semibold text-slate-900">
                        <When value={row.date} kind="date" />
                      </span>
                      <span>{humanize(row.type)}</span>
                      {row.hand && <span>{HAND_NAMES[row.hand] ?? row.hand}</span>}
                      {row.pain !== null && <span>Pain {formatNumber(row.pain)}/10</span>}
                      {row.function !== null && <span>Function {formatNumber(row.function)}/10</span>}
                      {row.writtenByStaff && <span className="font-semibold text-amber-900">Written by staff</span>}
                    </p>
                    <p className="mt-1 text-slate-800">{row.summary}</p>
                  </li>
                ))}
              </ul>
              <Pagination label="Journal pages" offset={offset} limit={PAGE} total={total} onChange={setOffset} />
            </>
          )
        }
      </Show>
    </Card>
  );
}
