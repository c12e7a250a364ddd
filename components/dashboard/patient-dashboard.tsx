"use client";
import { useState } from "react";
import type { z } from "zod";
import { ClaimForm } from "@/components/dashboard/claim-form";
import { SubscriptionPanel } from "@/components/dashboard/subscription";
import { Show } from "@/components/patients/loadable";
import { HistoryPanel, JournalPanel, ScoresPanel } from "@/components/patients/panels";
import { LinkButton } from "@/components/ui";
import type { patientProfile } from "@/lib/patients/schemas";
import { useProxy } from "@/lib/web/use-proxy";

export function PatientDashboard() {
  const me = useProxy<z.output<typeof patientProfile>>("/patients/me");
  // Bumped after a claim so that the history and the chart show the new record.
  const [version, setVersion] = useState(0);
  return (
    <Show value={me} label="your profile">
      {(profile) => (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <ScoresPanel key={`scores-${version}`} base="/patients/me" />
            <HistoryPanel key={`history-${version}`} base="/patients/me" />
            <JournalPanel patientId={profile.id} />
          </div>
          <div className="space-y-6">
            <ClaimForm onClaimed={() => setVersion((n) => n + 1)} />
            <SubscriptionPanel />
            <LinkButton href="/reports/new" variant="secondary" className="w-full">
              Create a report for my clinician
            </LinkButton>
          </div>
        </div>
      )}
    </Show>
  );
}
