"use client";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { GoalsPanel, type GoalsAnswer } from "@/components/goals/goals-panel";
import { PatientGoniometry } from "@/components/goniometry/patient-goniometry";
import { ClinicianNotesPanel } from "@/components/provider/clinician-notes";
import { PatientReportCard } from "@/components/provider/patient-report-card";
import { TrendMark } from "@/components/provider/patient-table";
import { HistoryPdfLink } from "@/components/patients/history-pdf-link";
import { Show } from "@/components/patients/loadable";
import { HistoryPanel, JournalPanel, ScoresPanel } from "@/components/patients/panels";
import { RemindersCard } from "@/components/reminders/reminders-card";
import { useState } from "react";
import { Badge, buttonStyles, Card, Facts, PageHeading } from "@/components/ui";
import { GlanceStrip } from "@/components/patients/glance";
import { When } from "@/components/ui/when";
import { useHandName } from "@/components/ui/hand-name";
import type { narrativeResponse, patientProfile } from "@/lib/patients/schemas";
import type { Kind } from "@/lib/assessments/kinds";
import { useMeasureWords } from "@/components/patients/measure-words";
import { useReasonTexts } from "@/components/provider/reason-words";
import { kindOf } from "@/lib/assessments/kinds";
import { primaryMeasure } from "@/lib/assessments/kinds/kind";
import { formatValue, measureFromHeadline } from "@/lib/report-view/measure";
import { useProxy } from "@/lib/web/use-proxy";

type Profile = z.output<typeof patientProfile>;

/** A test's latest value on its own measure (worst pain out of 10, QuickDASH as published), from the wire's 0-100 headline. */
function OwnMeasure({ type, headline }: { type: string; headline: number | null }) {
  const measure = useMeasureWords();
  const kind = kindOf(type);
  if (!kind || headline === null) return <>—</>;
  return <>{formatValue(primaryMeasure(kind), measureFromHeadline(kind, headline), measure)}</>;
}

function Narrative({ id }: { id: number }) {
  const t = useTranslations("patientDetail");
  const narrative = useProxy<z.output<typeof narrativeResponse>>(`/patients/${id}/narrative-summary`);
  return (
    <Card title={t("narrative")}>
      <Show value={narrative} label={t("narrativeLabel")}>
        {(n) => (
          <div className="space-y-2">
            <p className="whitespace-pre-line text-sm text-slate-800">{n.summary}</p>
            <p className="text-xs text-slate-700">{n.source === "ai" ? t("byModel") : t("byTemplate")}</p>
          </div>
        )}
      </Show>
    </Card>
  );
}

/** Lowers the attention flag until a newer result arrives (POST /patients/{id}/review, audited). */
function MarkReviewed({ id, onDone }: { id: number; onDone: () => void }) {
  const t = useTranslations("review");
  const [state, setState] = useState<"idle" | "saving" | "failed">("idle");
  const review = async () => {
    setState("saving");
    const response = await fetch(`/api/proxy/patients/${id}/review`, { method: "POST" }).catch(() => null);
    if (response?.ok) {
      setState("idle");
      onDone();
    } else setState("failed");
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={buttonStyles.secondary} onClick={review} disabled={state === "saving"}>
        {state === "saving" ? t("saving") : t("mark")}
      </button>
      <span role="status" className="text-sm text-red-900">
        {state === "failed" ? t("failed") : ""}
      </span>
    </span>
  );
}

function Reasons({ p }: { p: Profile }) {
  const reasons = useReasonTexts(p);
  return (
    <ul className="mt-2 list-inside list-disc text-sm text-red-900">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

/** The patient's name, trend, attention flag (and its review), last result and history exports. */
function PatientHeading({ p, onReviewed }: { p: Profile; onReviewed: () => void }) {
  const t = useTranslations("patientDetail");
  const tr = useTranslations("review");
  return (
    <PageHeading title={p.name ?? tr("patient", { id: p.id })}>
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <TrendMark trend={p.trend} />
        {p.needsAttention && <Badge tone="red">{t("needsAttention")}</Badge>}
        {p.needsAttention && <MarkReviewed id={p.id} onDone={onReviewed} />}
        {!p.needsAttention && p.reviewedAt && (
          <span>
            {tr("done")} <When value={p.reviewedAt} />
          </span>
        )}
        <span>
          {t("lastAssessment")} <When value={p.lastAssessment} />
        </span>
        <HistoryPdfLink patientId={p.id} label={t("exportCsv")} format="csv" />
        <HistoryPdfLink patientId={p.id} label={t("exportPdf")} />
      </p>
      {p.needsAttention && <Reasons p={p} />}
    </PageHeading>
  );
}

function ProfileCard({ p }: { p: Profile }) {
  const t = useTranslations("patientDetail");
  const handName = useHandName();
  const hand = (value: string | null) => (value ? handName(value) : "—");
  return (
    <Card title={t("profile")}>
      <Facts
        items={[
          [t("email"), p.email ?? "—"],
          [t("age"), p.age === null ? "—" : String(p.age)],
          [t("sex"), p.sex ?? "—"],
          [t("dominantHand"), hand(p.dominantHand)],
          [t("affectedHand"), hand(p.affectedHand)],
          [t("injury"), p.injury ?? "—"],
          [t("injuryDate"), <When value={p.injuryDate} kind="day" />],
          [t("surgery"), p.surgeryType ?? "—"],
          [t("surgeryDate"), <When value={p.surgeryDate} kind="day" />],
        ]}
      />
    </Card>
  );
}

/** Each test's latest value and date. */
function LatestScoresCard({ latestScores }: { latestScores: NonNullable<Profile["latestScores"]> }) {
  const t = useTranslations("patientDetail");
  const kinds = useTranslations("kinds");
  return (
    <Card title={t("latestByType")}>
      <Facts
        items={Object.entries(latestScores).map(([type, latest]) => [
          kinds(`${type as Kind}.name`),
          latest ? (
            <>
              <OwnMeasure type={type} headline={latest.score} /> · <When value={latest.dateCreated} kind="date" />
            </>
          ) : (
            "—"
          ),
        ])}
      />
    </Card>
  );
}

function TreatmentsCard({ treatments }: { treatments: Profile["activeTreatments"] }) {
  const t = useTranslations("patientDetail");
  return (
    <Card title={t("treatments")}>
      {treatments && treatments.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {treatments.map((treatment) => (
            <li key={treatment.id}>
              <span className="font-medium text-slate-900">{treatment.name}</span>
              {treatment.startedAt && (
                <span className="text-slate-700">
                  {" "}
                  · {t("since")} <When value={treatment.startedAt} kind="day" />
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{t("noTreatments")}</p>
      )}
    </Card>
  );
}

/** `initial`: the profile as the page read it on the server, so the first paint has the patient (and their glance). */
export function PatientDetail({ id, initial }: { id: number; initial?: Profile }) {
  const t = useTranslations("patientDetail");
  const profile = useProxy<Profile>(`/patients/${id}`, initial && { path: `/patients/${id}`, data: initial });
  const goals = useProxy<GoalsAnswer>(`/patients/${id}/goals`);
  return (
    <Show value={profile} label={t("loadLabel")}>
      {(p) => (
        <div className="space-y-6">
          <PatientHeading p={p} onReviewed={profile.reload} />
          <GlanceStrip tests={p.tests} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <ScoresPanel base={`/patients/${id}`} goals={goals.state === "ready" ? goals.data.goals : []} />
              <GoalsPanel base={`/patients/${id}`} goals={goals} />
              <PatientGoniometry patientId={id} />
              <HistoryPanel base={`/patients/${id}`} />
              <JournalPanel patientId={id} />
              <ClinicianNotesPanel patientId={id} />
            </div>
            <div className="space-y-6">
              <ProfileCard p={p} />
              {p.latestScores && <LatestScoresCard latestScores={p.latestScores} />}
              <TreatmentsCard treatments={p.activeTreatments} />
              <PatientReportCard patientId={id} />
              <Narrative id={id} />
              <RemindersCard base={`/patients/${id}`} audience="provider" />
            </div>
          </div>
        </div>
      )}
    </Show>
  );
}
