"use client";
import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { Show } from "@/components/patients/loadable";
import type { Clinic } from "@/components/clinics/types";
import { firstPagePath, listPath, PAGE, type PatientPage, type PatientRow } from "@/components/provider/patient-list-query";
import { Pagination } from "@/components/ui/pagination";
import { Badge, Card, cx, inputStyles } from "@/components/ui";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { HAND_NAMES } from "@/lib/assessments/vocabulary";
import { When } from "@/components/ui/when";
import { formatNumber } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

export function TrendMark({ trend }: { trend: PatientRow["trend"] }) {
  const shape = {
    improving: ["↑", "text-emerald-800", "Improving"],
    declining: ["↓", "text-red-800", "Declining"],
    stable: ["→", "text-slate-700", "Stable"],
  }[trend];
  return (
    <span className={`inline-flex items-center gap-1 font-semibold ${shape[1]}`}>
      <span aria-hidden="true">{shape[0]}</span>
      <span>{shape[2]}</span>
    </span>
  );
}

function Flag({ p }: { p: PatientRow }) {
  if (!p.needsAttention) return null;
  return (
    <div className="mt-1 space-y-0.5">
      <Badge tone="red">Needs attention</Badge>
      <ul className="text-xs text-red-900">
        {p.attentionReasons.map((reason) => (
          <li key={reason.text}>{reason.text}</li>
        ))}
      </ul>
    </div>
  );
}

/** "By test: 2 improving, 1 declining": each test against its own previous result. */
function ByTest({ p }: { p: PatientRow }) {
  if (p.tests.length === 0) return null;
  const words = { improving: "improving", stable: "stable", declining: "declining", insufficient: "not enough data" } as const;
  const counts = (Object.keys(words) as Array<keyof typeof words>).flatMap((trend) => {
    const n = p.tests.filter((t) => t.trend === trend).length;
    return n ? [`${n} ${words[trend]}`] : [];
  });
  return <div className="text-xs text-slate-700">By test: {counts.join(", ")}</div>;
}

const about = (p: PatientRow) => [p.hand ? HAND_NAMES[p.hand] : null, p.injury].filter(Boolean).join(" · ") || "No injury recorded";

/** The empty list: with no filter and one clinic in view, nobody shares with it yet. */
function Nobody({ filtered, clinic }: { filtered: boolean; clinic: Clinic | undefined }) {
  if (filtered || !clinic) return <p className="text-sm text-slate-700">No patients match.</p>;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p className="font-medium text-slate-900">No patient shares their record with {clinic.name} yet.</p>
      <p>Patients share their record from their dashboard with the clinic&apos;s join code.</p>
    </div>
  );
}

/**
 * `clinics`: the caller's clinics (all of them for the service admin); with more than one, a
 * switcher narrows the list to one clinic's patients, remembered in the address (?clinic=).
 */
export function PatientTable({
  initial,
  clinics,
  clinicId: initialClinic,
  allLabel,
}: {
  initial?: PatientPage;
  clinics: Clinic[];
  clinicId: number | null;
  /** The switcher's "no clinic chosen" option. */
  allLabel: string;
}) {
  const searchId = useId();
  const [clinicId, setClinicId] = useState(initialClinic);
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [trend, setTrend] = useState("");
  const [attention, setAttention] = useState("");
  const [sort, setSort] = useState("attention");
  const [offset, setOffset] = useState(0);

  // Search as the person types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setOffset(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const path = listPath({ clinicId, search, trend, attention, sort, offset });
  const list = useProxy<PatientPage>(path, initial && { path: firstPagePath(initialClinic), data: initial });
  const clinic = clinics.find((c) => c.id === clinicId);
  const switcher = clinics.length > 1;
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOffset(0);
    };

  return (
    <div className="space-y-4">
      <Card>
        <form
          role="search"
          aria-label="Filter patients"
          className={cx("grid gap-3 sm:grid-cols-2", switcher ? "lg:grid-cols-5" : "lg:grid-cols-4")}
          onSubmit={(event) => event.preventDefault()}
        >
          {switcher && (
            <LabelledSelect
              label="Clinic"
              value={clinicId === null ? "" : String(clinicId)}
              onChange={(value) => {
                const id = value ? Number(value) : null;
                setClinicId(id);
                setOffset(0);
                window.history.replaceState(
                  null,
                  "",
                  id === null ? window.location.pathname : `?${new URLSearchParams({ clinic: value })}`,
                );
              }}
              options={[["", allLabel], ...clinics.map((c): [string, string] => [String(c.id), c.name])]}
            />
          )}
          <div className="space-y-1">
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-900">
              Search
            </label>
            <input
              id={searchId}
              type="search"
              className={inputStyles}
              placeholder="Name or e-mail"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <LabelledSelect
            label="Trend"
            value={trend}
            onChange={reset(setTrend)}
            options={[
              ["", "Any trend"],
              ["improving", "Improving"],
              ["stable", "Stable"],
              ["declining", "Declining"],
            ]}
          />
          <LabelledSelect
            label="Attention"
            value={attention}
            onChange={reset(setAttention)}
            options={[
              ["", "Everyone"],
              ["true", "Needs attention"],
              ["false", "No attention needed"],
            ]}
          />
          <LabelledSelect
            label="Sort by"
            value={sort}
            onChange={reset(setSort)}
            options={[
              ["attention", "Needs attention first"],
              ["name", "Name (A–Z)"],
              ["score", "Lowest score first"],
              ["recent", "Most recent assessment"],
            ]}
          />
        </form>
      </Card>
      <Card>
        <Show value={list} label="patients" minHeight="min-h-[40rem]">
          {({ patients, total }) =>
            patients.length === 0 ? (
              <Nobody
                filtered={Boolean(search || trend || attention) || offset > 0}
                clinic={clinic ?? (clinics.length === 1 ? clinics[0] : undefined)}
              />
            ) : (
              <>
                <p className="mb-3 text-sm text-slate-700" aria-live="polite">
                  {total} patient{total === 1 ? "" : "s"}
                </p>
                <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Patients">
                  {patients.map((p) => (
                    <li key={p.id} className="py-3 text-sm">
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <Link href={`/provider/patients/${p.id}`} className="font-semibold text-teal-800 underline underline-offset-2">
                            {p.name ?? `Patient ${p.id}`}
                          </Link>
                          <div className="text-xs text-slate-700">{about(p)}</div>
                        </div>
                        <div className="shrink-0 text-right">
                          <div className="text-lg font-bold text-slate-900">{p.score === null ? "—" : formatNumber(p.score, 1)}</div>
                          <TrendMark trend={p.trend} />
                        </div>
                      </div>
                      <ByTest p={p} />
                      <Flag p={p} />
                      <div className="mt-1 text-xs text-slate-700">
                        Last assessment <When value={p.lastAssessment} kind="date" /> · {p.assessmentCount} assessment
                        {p.assessmentCount === 1 ? "" : "s"}
                      </div>
                    </li>
                  ))}
                </ul>
                <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label="Patient table">
                  <table className="w-full min-w-[36rem] text-left text-sm">
                    <caption className="sr-only">Patients with their latest score, trend and attention flag</caption>
                    <thead className="border-b border-slate-200 text-slate-800">
                      <tr>
                        <th scope="col" className="py-2 pr-3 font-semibold">
                          Patient
                        </th>
                        <th scope="col" className="py-2 pr-3 font-semibold">
                          Latest score
                        </th>
                        <th scope="col" className="py-2 pr-3 font-semibold">
                          Trend
                        </th>
                        <th scope="col" className="py-2 pr-3 font-semibold">
                          Last assessment
                        </th>
                        <th scope="col" className="py-2 font-semibold">
                          Assessments
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {patients.map((p) => (
                        <tr key={p.id}>
                          <td className="py-2.5 pr-3">
                            <Link href={`/provider/patients/${p.id}`} className="font-semibold text-teal-800 underline underline-offset-2">
                              {p.name ?? `Patient ${p.id}`}
                            </Link>
                            <div className="text-xs text-slate-700">{about(p)}</div>
                            <Flag p={p} />
                          </td>
                          <td className="py-2.5 pr-3 font-semibold">{p.score === null ? "—" : formatNumber(p.score, 1)}</td>
                          <td className="py-2.5 pr-3">
                            <TrendMark trend={p.trend} />
                            <ByTest p={p} />
                          </td>
                          <td className="py-2.5 pr-3">
                            <When value={p.lastAssessment} kind="date" />
                          </td>
                          <td className="py-2.5">{p.assessmentCount}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <Pagination label="Patient pages" offset={offset} limit={PAGE} total={total} onChange={setOffset} />
              </>
            )
          }
        </Show>
      </Card>
    </div>
  );
}
