"use client";
// What a patient fills in on the dashboard: their injury and surgery, and journal entries.
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Show } from "@/components/patients/loadable";
import { JournalForm } from "@/components/patients/journal-form";
import { ProfileForm } from "@/components/patients/profile-form";
import type { patientProfile } from "@/lib/patients/schemas";
import { useProxy } from "@/lib/web/use-proxy";

export function MyForms({ onJournalWritten }: { onJournalWritten: () => void }) {
  const t = useTranslations("patientForms.profile");
  const me = useProxy<z.output<typeof patientProfile>>("/patients/me");
  return (
    <Show value={me} label={t("what")}>
      {(profile) => (
        <div className="space-y-6">
          <JournalForm patientId={profile.id} onSaved={onJournalWritten} />
          <ProfileForm profile={profile} onSaved={me.reload} />
        </div>
      )}
    </Show>
  );
}
