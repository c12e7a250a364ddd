"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { Show } from "@/components/patients/loadable";
import type { Clinic } from "@/components/clinics/types";
import { firstPagePath, listPath, PAGE, type PatientPage, type PatientRow } from "@/components/provider/patient-list-query";
import { Pagination } from "@/components/ui/pagination";
import { Badge, buttonStyles, Card, cx, inputStyles } from "@/components/ui";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { useHandName } from "@/components/ui/hand-name";
import { When } from "@/components/ui/when";
import { useMeasureWords } from "@/components/patients/measure-words";
import { useReasonTexts } from "@/components/provider/reason-words";
import { kindOf, type Kind } from "@/lib/assessments/kinds";
import { primaryMeasure } from "@/lib/assessments/kinds/kind";
import { formatValue, measureFromHeadline } from "@/lib/report-view/measure";
import { useProxy } from "@/lib/web/use-proxy";

export function TrendMark({ trend }: { trend: PatientRow["trend"] }) {
  const t = useTranslations("patientTable");
  const shape = {
    improving: ["↑", "text-emerald-800"],
    declining: ["↓", "text-red-800"],
    stable: ["→", "text-slate-700"],
  }[trend];
  return (
    <span className={`inline-flex items-center gap-1 font-semibold ${shape[1]}`}>
      <span aria-hidden="true">{shape[0]}</span>
      <span>{t(`trend.${trend}`)}</span>
    </span>
  );
}

/** When each patient marked reviewed from this list was marked, per clinic and patient (the rows update in place). */
type Reviewed = Record<string, string>;

/**
 * "Mark reviewed" on a flagged row (POST /patients/{id}/review): the row loses its flag in place,
 * the list is not fetched again; `onReviewed` announces it, a failure stays beside the button.
 */
function ReviewAction({
  p,
  clinicId,
  onReviewed,
}: {
  p: PatientRow;
  clinicId: number | null;
  onReviewed: (id: number, at: string) => void;
}) {
  const t = useTranslations("review");
  const [state, setState] = useState<"idle" | "saving" | "failed">("idle");
  const errorId = useId();
  const review = async () => {
    setState("saving");
    // The clinic the list shows reviews; in "all my clinics" the service picks the only one sharing the patient.
    const response = await fetch(`/api/proxy/patients/${p.id}/review`, {
      method: "POST",
      ...(clinicId === null ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify({ clinicId }) }),
    }).catch(() => null);
    const body = response?.ok ? ((await response.json().catch(() => null)) as { reviewedAt?: string } | null) : null;
    if (body?.reviewedAt) {
      setState("idle");
      onReviewed(p.id, body.reviewedAt);
    } else setState("failed");
  };
  const name = p.name ?? t("patient", { id: p.id });
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={cx(buttonStyles.secondary, "px-2.5 py-1 text-xs")}
        onClick={review}
        disabled={state === "saving"}
        aria-label={t("markNamed", { name })}
        aria-describedby={state === "failed" ? errorId : undefined}
      >
        {state === "saving" ? t("saving") : t("mark")}
      </button>
      {state === "failed" && (
        <span id={errorId} className="text-xs font-medium text-red-900">
          {t("failed")}
        </span>
      )}
    </div>
  );
}

function Flag({
  p,
  clinicId,
  reviewedAt,
  onReviewed,
}: {
  p: PatientRow;
  clinicId: number | null;
  reviewedAt?: string;
  onReviewed: (id: number, at: string) => void;
}) {
  const t = useTranslations("patientTable");
  const tr = useTranslations("review");
  const reasons = useReasonTexts(p);
  if (reviewedAt)
    return (
      <div className="mt-1 text-xs font-medium text-emerald-900">
        {tr("done")} <When value={reviewedAt} />
      </div>
    );
  if (!p.attentionGroup) return null;
  // The list's groups (docs/clinical.md): declines by size, then low results, then re-measures (not flagged).
  const flagged = p.needsAttention;
  return (
    <div className="mt-1 space-y-0.5">
      <Badge tone={flagged ? "red" : "amber"}>{t(`group.${p.attentionGroup}`)}</Badge>
      <ul className={cx("text-xs", flagged ? "text-red-900" : "text-amber-900")}>
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {flagged && <ReviewAction p={p} clinicId={clinicId} onReviewed={onReviewed} />}
    </div>
  );
}

/** "By test: 2 improving, 1 declining": each test against its own previous result. */
function ByTest({ p }: { p: PatientRow }) {
  const t = useTranslations("patientTable");
  if (p.tests.length === 0) return null;
  const trends = ["improving", "stable", "declining", "insufficient"] as const;
  const counts = trends.flatMap((trend) => {
    const count = p.tests.filter((test) => test.trend === trend).length;
    return count ? [t(`byTestCount.${trend}`, { count })] : [];
  });
  return <div className="text-xs text-slate-700">{t("byTest", { counts: counts.join(", ") })}</div>;
}

/**
 * Each test's latest value on its own measure ("QuickDASH 38.6 / 100", "Pain 6 / 10"), never the
 * list's mixed 0-100 overall score, in which a disability or pain rating stands inverted.
 */
function LatestResults({ p, className }: { p: PatientRow; className?: string }) {
  const kinds = useTranslations("kinds");
  const handName = useHandName();
  const measure = useMeasureWords();
  const shown = p.tests.flatMap((test) => {
    const kind = kindOf(test.test);
    if (!kind) return [];
    const value = formatValue(primaryMeasure(kind), measureFromHeadline(kind, test.score), measure);
    const hand = test.hand ? ` (${handName(test.hand)})` : "";
    return [{ key: `${test.test}:${test.hand}`, name: `${kinds(`${kind.type as Kind}.name`)}${hand}`, value }];
  });
  if (shown.length === 0) return <span className={className}>—</span>;
  return (
    <ul className={cx("space-y-0.5", className)}>
      {shown.map((item) => (
        <li key={item.key} className="sm:whitespace-nowrap">
          <span className="font-normal text-slate-700">{item.name}</span> <span className="font-semibold text-slate-900">{item.value}</span>
        </li>
      ))}
    </ul>
  );
}

function About({ p }: { p: PatientRow }) {
  const t = useTranslations("patientTable");
  const handName = useHandName();
  return (
    <div className="text-xs text-slate-700">
      {[p.hand ? handName(p.hand) : null, p.injury].filter(Boolean).join(" · ") || t("noInjury")}
    </div>
  );
}

/** The empty list: with no filter and one clinic in view, nobody shares with it yet. */
function Nobody({ filtered, clinic }: { filtered: boolean; clinic: Clinic | undefined }) {
  const t = useTranslations("patientTable");
  if (filtered || !clinic) return <p className="text-sm text-slate-700">{t("noMatch")}</p>;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{t("nobody", { clinic: clinic.name })}</p>
      <p>{t("nobodyHow")}</p>
    </div>
  );
}

function PatientLink({ p }: { p: PatientRow }) {
  const tr = useTranslations("review");
  return (
    <Link href={`/provider/patients/${p.id}`} className="font-semibold text-teal-800 underline underline-offset-2">
      {p.name ?? tr("patient", { id: p.id })}
    </Link>
  );
}

/** One page of the list as the rows show it, with each row's review state kept in place. */
interface ListedPatients {
  patients: PatientRow[];
  clinicId: number | null;
  reviewed: Reviewed;
  onReviewed: (id: number, at: string) => void;
}

/** The list on a small screen: one stacked entry per patient. */
function PatientCards({ patients, clinicId, reviewed, onReviewed }: ListedPatients) {
  const t = useTranslations("patientTable");
  return (
    <ul className="divide-y divide-slate-100 sm:hidden" aria-label={t("patients")}>
      {patients.map((p) => (
        <li key={p.id} className="py-3 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <PatientLink p={p} />
              <About p={p} />
            </div>
            <div className="shrink-0 text-right">
              <TrendMark trend={p.trend} />
            </div>
          </div>
          <LatestResults p={p} className="mt-1 text-xs" />
          <ByTest p={p} />
          <Flag p={p} clinicId={clinicId} reviewedAt={reviewed[`${clinicId}:${p.id}`]} onReviewed={onReviewed} />
          <div className="mt-1 text-xs text-slate-700">
            {t("lastAssessment")} <When value={p.lastAssessment} kind="date" /> · {t("assessmentCount", { count: p.assessmentCount })}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The list on a wider screen: a table with one row per patient. */
function PatientGrid({ patients, clinicId, reviewed, onReviewed }: ListedPatients) {
  const t = useTranslations("patientTable");
  return (
    <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label={t("table")}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-slate-200 text-slate-800">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("col.patient")}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("col.score")}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("col.trend")}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("col.last")}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t("col.count")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {patients.map((p) => (
            <tr key={p.id}>
              <td className="py-2.5 pr-3">
                <PatientLink p={p} />
                <About p={p} />
                <Flag p={p} clinicId={clinicId} reviewedAt={reviewed[`${clinicId}:${p.id}`]} onReviewed={onReviewed} />
              </td>
              <td className="py-2.5 pr-3 text-xs">
                <LatestResults p={p} />
              </td>
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
  );
}

/**
 * `clinics`: the caller's clinics (all of them for the service admin); with more than one, a
 * switcher narrows the list to one clinic's patients, remembered in the address (?clinic=).
 */
/** The list's filters, and the page of the list they choose (changing a filter goes back to the first page). */
function useListFilters(initialClinic: number | null) {
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

  const fromFirstPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOffset(0);
    };
  return {
    values: { clinicId, typed, trend, attention, sort },
    set: {
      clinicId: fromFirstPage(setClinicId),
      typed: setTyped,
      trend: fromFirstPage(setTrend),
      attention: fromFirstPage(setAttention),
      sort: fromFirstPage(setSort),
    },
    filtered: Boolean(search || trend || attention) || offset > 0,
    path: listPath({ clinicId, search, trend, attention, sort, offset }),
    offset,
    setOffset,
  };
}

type ListFilterState = ReturnType<typeof useListFilters>;

/** The clinic switcher: the chosen clinic is kept in the address, so a reload or a shared link keeps it. */
function ClinicSwitcher({ filters, clinics, allLabel }: { filters: ListFilterState; clinics: Clinic[]; allLabel: string }) {
  const t = useTranslations("patientTable");
  const { clinicId } = filters.values;
  return (
    <LabelledSelect
      label={t("clinic")}
      value={clinicId === null ? "" : String(clinicId)}
      onChange={(value) => {
        const id = value ? Number(value) : null;
        filters.set.clinicId(id);
        window.history.replaceState(null, "", id === null ? window.location.pathname : `?${new URLSearchParams({ clinic: value })}`);
      }}
      options={[["", allLabel], ...clinics.map((c): [string, string] => [String(c.id), c.name])]}
    />
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useTranslations("patientTable");
  const searchId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={searchId} className="block text-sm font-medium text-slate-900">
        {t("search")}
      </label>
      <input
        id={searchId}
        type="search"
        className={inputStyles}
        placeholder={t("searchHint")}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The search box and the selects above the list; the clinic switcher only for a clinician of several clinics. */
function ListFilters({ filters, clinics, allLabel }: { filters: ListFilterState; clinics: Clinic[]; allLabel: string }) {
  const t = useTranslations("patientTable");
  const { values, set } = filters;
  const switcher = clinics.length > 1;
  return (
    <form
      role="search"
      aria-label={t("filter")}
      className={cx("grid gap-3 sm:grid-cols-2", switcher ? "lg:grid-cols-5" : "lg:grid-cols-4")}
      onSubmit={(event) => event.preventDefault()}
    >
      {switcher && <ClinicSwitcher filters={filters} clinics={clinics} allLabel={allLabel} />}
      <SearchBox value={values.typed} onChange={set.typed} />
      <LabelledSelect
        label={t("trendLabel")}
        value={values.trend}
        onChange={set.trend}
        options={[
          ["", t("anyTrend")],
          ["improving", t("trend.improving")],
          ["stable", t("trend.stable")],
          ["declining", t("trend.declining")],
        ]}
      />
      <LabelledSelect
        label={t("attention")}
        value={values.attention}
        onChange={set.attention}
        options={[
          ["", t("everyone")],
          ["true", t("needsAttention")],
          ["false", t("noAttention")],
        ]}
      />
      <LabelledSelect
        label={t("sortBy")}
        value={values.sort}
        onChange={set.sort}
        options={[
          ["attention", t("sort.attention")],
          ["name", t("sort.name")],
          ["score", t("sort.score")],
          ["recent", t("sort.recent")],
        ]}
      />
    </form>
  );
}

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
  const t = useTranslations("patientTable");
  const tr = useTranslations("review");
  const [reviewed, setReviewed] = useState<Reviewed>({});
  const [announcement, setAnnouncement] = useState("");
  const filters = useListFilters(initialClinic);
  const { clinicId } = filters.values;
  const list = useProxy<PatientPage>(filters.path, initial && { path: firstPagePath(initialClinic), data: initial });
  const clinic = clinics.find((c) => c.id === clinicId);
  const onReviewed = (id: number, at: string) => {
    setReviewed((done) => ({ ...done, [`${clinicId}:${id}`]: at }));
    const row = list.state === "ready" ? list.data.patients.find((p) => p.id === id) : undefined;
    setAnnouncement(tr("announced", { name: row?.name ?? tr("patient", { id }) }));
  };

  return (
    <div className="space-y-4">
      <Card>
        <ListFilters filters={filters} clinics={clinics} allLabel={allLabel} />
      </Card>
      <Card>
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <Show value={list} label={t("loadLabel")} minHeight="min-h-[40rem]">
          {({ patients, total }) =>
            patients.length === 0 ? (
              <Nobody filtered={filters.filtered} clinic={clinic ?? (clinics.length === 1 ? clinics[0] : undefined)} />
            ) : (
              <>
                <p className="mb-3 text-sm text-slate-700" aria-live="polite">
                  {t("total", { count: total })}
                </p>
                <PatientCards patients={patients} clinicId={clinicId} reviewed={reviewed} onReviewed={onReviewed} />
                <PatientGrid patients={patients} clinicId={clinicId} reviewed={reviewed} onReviewed={onReviewed} />
                <Pagination label={t("pages")} offset={filters.offset} limit={PAGE} total={total} onChange={filters.setOffset} />
              </>
            )
          }
        </Show>
      </Card>
    </div>
  );
}
