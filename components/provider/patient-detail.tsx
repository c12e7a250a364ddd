"use client";
import type { z } from "zod";
import { PatientGoniometry } from "@/components/goniometry/patient-goniometry";
import { TrendMark } from "@/components/provider/patient-table";
import { Show } from "@/components/patients/loadable";
import { HistoryPanel, JournalPanel, ScoresPanel } from "@/components/patients/panels";
import { RemindersCard } from "@/components/reminders/reminders-card";
import { useState } from "react";
import { Badge, buttonStyles, Card, Facts, PageHeading } from "@/components/ui";
import { GlanceStrip } from "@/components/patients/glance";
import { When } from "@/components/ui/when";
import { HAND_NAMES } from "@/lib/assessments/vocabulary";
import type { narrativeResponse, patientProfile } from "@/lib/patients/schemas";
import { formatNumber, typeLabel } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

type Profile = z.output<typeof patientProfile>;

function hand(value: string | null): string {
  return value ? (HAND_NAMES[value] ?? value) : "—";
}

function Narrative({ id }: { id: number }) {
  const narrative = useProxy<z.output<typeof narrativeResponse>>(`/patients/${id}/narrative-summary`);
  return (
    <Card title="Narrative summary">
      <Show value={narrative} label="the summary">
        {(n) => (
          <div className="space-y-2">
            <p className="whitespace-pre-line text-sm text-slate-800">{n.summary}</p>
            <p className="text-xs text-slate-700">
              {n.source === "ai" ? "Written by a language model." : "Written from a template."} Not a diagnosis.
            </p>
          </div>
        )}
      </Show>
    </Card>
  );
}

/** Lowers the attention flag until a newer result arrives (POST /patients/{id}/review, audited). */
function MarkReviewed({ id, onDone }: { id: number; onDone: () => void }) {
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
        Mark reviewed
      </button>
      <span role="status" className="text-sm text-red-900">
        {state === "failed" ? "Could not mark reviewed; try again." : ""}
      </span>
    </span>
  );
}

export function PatientDetail({ id }: { id: number }) {
  const profile = useProxy<Profile>(`/patients/${id}`);
  return (
    <Show value={profile} label="the patient">
      {(p) => (
        <div className="space-y-6">
          <PageHeading title={p.name ?? `Patient ${p.id}`}>
            <p className="flex flex-wrap items-center gap-3 text-sm">
              <span>
                Overall score <strong className="text-slate-900">{p.score === null ? "—" : formatNumber(p.score, 1)}</strong>
              </span>
              <TrendMark trend={p.trend} />
              {p.needsAttention && <Badge tone="red">Needs attention</Badge>}
              {p.needsAttention && <MarkReviewed id={p.id} onDone={profile.reload} />}
              {!p.needsAttention && p.reviewedAt && (
                <span>
                  Reviewed <When value={p.reviewedAt} />
                </span>
              )}
              <span>
                Last assessment <When value={p.lastAssessment} />
              </span>
              <a className={buttonStyles.secondary} href={`/api/proxy/patients/${p.id}/export`} download>
                Export history (CSV)
              </a>
            </p>
            {p.needsAttention && (
              <ul className="mt-2 list-inside list-disc text-sm text-red-900">
                {p.attentionReasons.map((reason) => (
                  <li key={reason.text}>{reason.text}</li>
                ))}
              </ul>
            )}
          </PageHeading>
          <GlanceStrip tests={p.tests} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <ScoresPanel base={`/patients/${id}`} />
              <PatientGoniometry patientId={id} />
              <HistoryPanel base={`/patients/${id}`} />
              <JournalPanel patientId={id} />
            </div>
            <div className="space-y-6">
              <Card title="Profile">
                <Facts
                  items={[
                    ["E-mail", p.email ?? "—"],
                    ["Age", p.age === null ? "—" : String(p.age)],
                    ["Sex", p.sex ?? "—"],
                    ["Dominant hand", hand(p.dominantHand)],
                    ["Affected hand", hand(p.affectedHand)],
                    ["Injury", p.injury ?? "—"],
                    ["Injury date", <When value={p.injuryDate} kind="day" />],
                    ["Surgery", p.surgeryType ?? "—"],
                    ["Surgery date", <When value={p.surgeryDate} kind="day" />],
                  ]}
                />
              </Card>
              {p.latestScores && (
                <Card title="Latest by type">
                  <Facts
                    items={Object.entries(p.latestScores).map(([type, latest]) => [
                      typeLabel(type),
                      latest ? (
                        <>
                          {latest.score === null ? "—" : formatNumber(latest.score, 1)} · <When value={latest.dateCreated} kind="date" />
                        </>
                      ) : (
                        "—"
                      ),
                    ])}
                  />
                </Card>
              )}
              <Card title="Active treatments">
                {p.activeTreatments && p.activeTreatments.length > 0 ? (
                  <ul className="space-y-1 text-sm">
                    {p.activeTreatments.map((t) => (
                      <li key={t.id}>
                        <span className="font-medium text-slate-900">{t.name}</span>
                        {t.startedAt && (
                          <span className="text-slate-700">
                            {" "}
                            · since <When value={t.startedAt} kind="day" />
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-slate-700">None recorded.</p>
                )}
              </Card>
              <Narrative id={id} />
              <RemindersCard base={`/patients/${id}`} audience="provider" />
            </div>
          </div>
        </div>
      )}
    </Show>
  );
}
