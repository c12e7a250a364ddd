"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { AccessLogPanel } from "@/components/dashboard/access-log";
import { ClaimForm } from "@/components/dashboard/claim-form";
import { ClinicShares } from "@/components/dashboard/clinic-shares";
import { SubscriptionPanel } from "@/components/dashboard/subscription";
import { GoalsPanel, type GoalsAnswer } from "@/components/goals/goals-panel";
import { GlanceStrip } from "@/components/patients/glance";
import { HistoryPdfLink } from "@/components/patients/history-pdf-link";
import { MyForms } from "@/components/patients/my-forms";
import { HistoryPanel, JournalPanel, ScoresPanel } from "@/components/patients/panels";
import { RemindersCard } from "@/components/reminders/reminders-card";
import { Alert, buttonStyles, Card, LinkButton } from "@/components/ui";
import { Deferred } from "@/components/ui/deferred";
import type { patientProfile } from "@/lib/patients/schemas";
import { useProxy } from "@/lib/web/use-proxy";

/**
 * Every panel asks for its own data as soon as it is shown (none waits for another's answer);
 * those below a phone's first screen are shown one at a time once the page is interactive
 * (`Deferred`). On a phone the actions (claim a code, subscription, report) come before the history.
 */
export type MyStanding = Pick<z.output<typeof patientProfile>, "id" | "tests">;

/** No result yet: what to do first, measure, and where to share the record. */
function FirstSteps() {
  const t = useTranslations("dashboard.empty");
  return (
    <Card title={t("title")}>
      <p className="text-sm text-slate-700">{t("body")}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <LinkButton href="/measure" prefetch={false}>
          {t("measure")}
        </LinkButton>
        <a href="#clinic-shares" className={buttonStyles.secondary}>
          {t("share")}
        </a>
      </div>
    </Card>
  );
}

/**
 * `initial` and `initialGoals`: the profile and the goals as the server read them for the first
 * paint; `joinCode`: a clinic's join code from a join link (?join=), filled in for the patient to
 * confirm; `billing`: whether this instance takes payments (no subscription card without).
 */
export function PatientDashboard({
  initial,
  initialGoals,
  joinCode,
  billing,
}: {
  initial: MyStanding | null;
  initialGoals: GoalsAnswer | null;
  joinCode: string;
  billing: boolean;
}) {
  const t = useTranslations("patientDashboard");
  // Bumped after a claim so that the history and the chart show the new record.
  const [version, setVersion] = useState(0);
  const me = useProxy<MyStanding>("/patients/me", initial ? { path: "/patients/me", data: initial } : undefined);
  const patientId = me.state === "ready" ? me.data.id : null;
  const goals = useProxy<GoalsAnswer>("/patients/me/goals", initialGoals ? { path: "/patients/me/goals", data: initialGoals } : undefined);
  const tests = me.state === "ready" ? me.data.tests : null;
  return (
    <div className="space-y-6">
      {me.state === "error" ? (
        <Alert>{t("loadFailed", { message: me.message })}</Alert>
      ) : tests?.length === 0 ? (
        <FirstSteps />
      ) : (
        <GlanceStrip tests={tests} />
      )}
      {me.state === "ready" && me.data.tests.length === 0 && <LinkButton href="/measure">{t("measureNow")}</LinkButton>}
      <div className="grid gap-6 lg:grid-cols-3">
        <ActionsColumn
          joinCode={joinCode}
          billing={billing}
          patientId={patientId}
          onClaimed={() => {
            setVersion((n) => n + 1);
            me.reload();
          }}
          onJournalWritten={() => setVersion((n) => n + 1)}
        />
        <div className="space-y-6 lg:col-span-2">
          <ScoresPanel key={`scores-${version}`} base="/patients/me" goals={goals.state === "ready" ? goals.data.goals : []} />
          <Deferred>
            <GoalsPanel key={`goals-${version}`} base="/patients/me" goals={goals} />
          </Deferred>
          <Deferred>
            <HistoryPanel key={`history-${version}`} base="/patients/me" />
          </Deferred>
          {patientId !== null && (
            <Deferred>
              <JournalPanel key={`journal-${version}`} patientId={patientId} />
            </Deferred>
          )}
          <Deferred>
            <AccessLogPanel />
          </Deferred>
        </div>
      </div>
    </div>
  );
}

/** The actions (claim, share, reminders, forms, subscription, report, PDF): first on a phone, beside the history on a wide screen. */
function ActionsColumn({
  joinCode,
  billing,
  patientId,
  onClaimed,
  onJournalWritten,
}: {
  joinCode: string;
  billing: boolean;
  patientId: number | null;
  onClaimed: () => void;
  onJournalWritten: () => void;
}) {
  const t = useTranslations("patientDashboard");
  return (
    <div className="space-y-6 lg:order-last">
      <ClaimForm onClaimed={onClaimed} />
      <div id="clinic-shares" className="scroll-mt-4">
        <Deferred>
          <ClinicShares joinCode={joinCode} />
        </Deferred>
      </div>
      <Deferred>
        <RemindersCard base="/patients/me" audience="patient" />
      </Deferred>
      <Deferred>
        <MyForms onJournalWritten={onJournalWritten} />
      </Deferred>
      {billing && (
        <Deferred>
          <SubscriptionPanel />
        </Deferred>
      )}
      <LinkButton href="/reports/new" variant="secondary" className="w-full">
        {t("newReport")}
      </LinkButton>
      {patientId !== null && (
        <div className="flex justify-center">
          <HistoryPdfLink patientId={patientId} label={t("exportPdf")} />
        </div>
      )}
    </div>
  );
}
