"use client";
// "Report for this patient" on the provider's patient page: the results between two dates, or
// chosen ones, become a report headed with the patient's name and clinical context
// (POST /patients/{id}/reports); its code and link show once it is made.
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useId, useState } from "react";
import type { z } from "zod";
import { useFieldForm } from "@/components/patients/field-form";
import { Show } from "@/components/patients/loadable";
import { Button, Card, Field, fieldAria, inputStyles } from "@/components/ui";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { When } from "@/components/ui/when";
import type { Kind } from "@/lib/assessments/kinds";
import type { assessmentsResponse } from "@/lib/patients/schemas";
import { MAX_REPORT_ASSESSMENTS, type createdReport } from "@/lib/reports/schemas";
import { proxy } from "@/lib/web/client";
import { useProxy } from "@/lib/web/use-proxy";

const FIELDS = ["title", "assessmentIds", "from", "to"] as const;

type Made = z.output<typeof createdReport>;

const today = () => new Date().toISOString().slice(0, 10);
const weeksAgo = (weeks: number) => new Date(Date.now() - weeks * 7 * 86_400_000).toISOString().slice(0, 10);

type Assessment = z.output<typeof assessmentsResponse>["assessments"][number];
type Words = ReturnType<typeof useTranslations<"patientReport">>;

/**
 * What the form holds and sends. It lives in the card, above the loading results, so a retry of
 * the list does not clear what was typed.
 */
function useReportRequest(patientId: number) {
  const [mode, setMode] = useState<"range" | "choice">("range");
  const [title, setTitle] = useState("");
  const [from, setFrom] = useState(weeksAgo(12));
  const [to, setTo] = useState(today());
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [made, setMade] = useState<Made | null>(null);
  const { errors, status, busy, submit } = useFieldForm(FIELDS);
  const toggle = (resultId: number) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (!next.delete(resultId)) next.add(resultId);
      return next;
    });
  const send = async () => {
    setMade(null);
    const body = {
      ...(title.trim() ? { title } : {}),
      ...(mode === "range" ? { from, to } : { assessmentIds: [...chosen] }),
    };
    await submit(
      async () => {
        const answer = await proxy<Made & { field?: string }>(`/patients/${patientId}/reports`, { method: "POST", body });
        if (answer.ok) setMade(answer.data);
        return answer;
      },
      "",
      () => undefined,
    );
  };
  return { mode, setMode, title, setTitle, from, setFrom, to, setTo, chosen, toggle, made, errors, status, busy, send };
}

type ReportRequest = ReturnType<typeof useReportRequest>;

function DateField({
  id,
  name,
  error,
  value,
  set,
}: {
  id: string;
  name: "from" | "to";
  error: string | undefined;
  value: string;
  set: (value: string) => void;
}) {
  const t = useTranslations("patientReport");
  return (
    <Field id={`${id}-${name}`} label={t(name)} error={error}>
      <input
        {...fieldAria(`${id}-${name}`, error)}
        type="date"
        className={inputStyles}
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </Field>
  );
}

/** The results to tick one by one, when the report is made of chosen ones. */
function ResultChoice({ assessments, request }: { assessments: Assessment[]; request: ReportRequest }) {
  const t = useTranslations("patientReport");
  const kinds = useTranslations("kinds");
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-900">{t("results")}</legend>
      <ul
        className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
        tabIndex={0}
        aria-label={t("results")}
      >
        {assessments.map((a) => (
          <li key={a.id}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                className="h-4 w-4 accent-teal-700"
                checked={request.chosen.has(a.id)}
                onChange={() => request.toggle(a.id)}
              />
              <span className="font-semibold text-slate-900">{kinds(`${a.assessmentType as Kind}.name`)}</span>
              <span className="text-slate-700">
                <When value={a.dateCreated} kind="date" />
              </span>
            </label>
          </li>
        ))}
      </ul>
      {request.errors.assessmentIds && (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {request.errors.assessmentIds}
        </p>
      )}
    </fieldset>
  );
}

/** The made report's code, a link to open it and its address; or why it could not be made. */
function MadeStatus({ made, status, t }: { made: Made | null; status: ReportRequest["status"]; t: Words }) {
  return (
    <p role="status" className="text-sm">
      {made ? (
        <span className="text-green-900" data-testid="patient-report-made">
          {t("made", { code: made.formattedCode })}{" "}
          <Link className="font-semibold text-teal-800 underline underline-offset-2" href={`/r/${made.formattedCode}`}>
            {t("open")}
          </Link>
          <span className="block break-all text-slate-800">{t("link", { url: `${window.location.origin}/r/${made.formattedCode}` })}</span>
        </span>
      ) : status?.kind === "error" ? (
        <span className="text-red-800">{status.text}</span>
      ) : (
        ""
      )}
    </p>
  );
}

function ReportRequestForm({ assessments, request }: { assessments: Assessment[]; request: ReportRequest }) {
  const t = useTranslations("patientReport");
  const id = useId();
  const { errors } = request;
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        await request.send();
      }}
    >
      <p className="text-sm text-slate-700">{t("intro")}</p>
      <Field id={`${id}-title`} label={t("reportTitle")} error={errors.title}>
        <input
          {...fieldAria(`${id}-title`, errors.title)}
          maxLength={200}
          className={inputStyles}
          value={request.title}
          onChange={(event) => request.setTitle(event.target.value)}
        />
      </Field>
      <LabelledSelect
        label={t("which")}
        value={request.mode}
        onChange={(value) => request.setMode(value === "choice" ? "choice" : "range")}
        options={[
          ["range", t("byRange")],
          ["choice", t("byChoice")],
        ]}
      />
      {request.mode === "range" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <DateField id={id} name="from" error={errors.from} value={request.from} set={request.setFrom} />
          <DateField id={id} name="to" error={errors.to} value={request.to} set={request.setTo} />
        </div>
      ) : (
        <ResultChoice assessments={assessments} request={request} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={request.busy}>
          {request.busy ? t("making") : t("make")}
        </Button>
        <MadeStatus made={request.made} status={request.status} t={t} />
      </div>
    </form>
  );
}

export function PatientReportCard({ patientId }: { patientId: number }) {
  const t = useTranslations("patientReport");
  const results = useProxy<z.output<typeof assessmentsResponse>>(`/patients/${patientId}/assessments?limit=${MAX_REPORT_ASSESSMENTS}`);
  const request = useReportRequest(patientId);
  return (
    <Card title={t("title")}>
      <Show value={results} label={t("resultsWhat")} minHeight="min-h-24">
        {({ assessments }) =>
          assessments.length === 0 ? (
            <p className="text-sm text-slate-700">{t("noResults")}</p>
          ) : (
            <ReportRequestForm assessments={assessments} request={request} />
          )
        }
      </Show>
    </Card>
  );
}
