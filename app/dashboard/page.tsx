import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ContextStrip } from "@/components/dashboard/context-strip";
import { PatientDashboard, type MyStanding } from "@/components/dashboard/patient-dashboard";
import type { GoalsAnswer } from "@/components/goals/goals-panel";
import { PageMessages } from "@/components/site/page-messages";
import { Alert, LinkButton, PageHeading } from "@/components/ui";
import { billingConfigured } from "@/lib/billing/stripe";
import type { PatientProfile } from "@/lib/patients/schemas";
import { callApi } from "@/lib/web/api";
import { currentUser, isStaff } from "@/lib/web/auth";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard"))("title"), robots: { index: false } };
}

export default async function DashboardPage({ searchParams }: { searchParams: Promise<{ join?: string | string[] }> }) {
  const { join } = await searchParams;
  // A clinic's join link (the waiting-room poster's QR code) survives signing in.
  const joinCode = typeof join === "string" ? join.slice(0, 20) : "";
  const user = await currentUser();
  if (!user)
    redirect(
      joinCode
        ? `/signin?callbackUrl=${encodeURIComponent(`/dashboard?join=${encodeURIComponent(joinCode)}`)}`
        : "/signin?callbackUrl=/dashboard",
    );
  const t = await getTranslations("dashboard");
  const patient = user.roles.length === 0 || user.roles.includes("patient");
  if (!patient) {
    return (
      <div className="space-y-4">
        <PageHeading title={t("title")} />
        <Alert kind="info">{t("staffOnly")}</Alert>
        {isStaff(user) && <LinkButton href="/provider">{t("openPatientList")}</LinkButton>}
      </div>
    );
  }
  // The strip is rendered with the page; the other panels then load side by side.
  const [me, goals] = await Promise.all([
    callApi<MyStanding & Pick<PatientProfile, "name" | "injury" | "surgeryType" | "surgeryDate">>("/patients/me"),
    callApi<GoalsAnswer>("/patients/me/goals"),
  ]);
  // The profile's name; none (a development persona, or no name yet) reads neutrally.
  const name = user.persona ? null : me.ok ? me.data.name : null;
  return (
    <div>
      <PageHeading title={name ? t("hello", { name }) : t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      {me.ok && (
        <ContextStrip
          context={{
            injury: me.data.injury,
            surgeryType: me.data.surgeryType,
            surgeryDate: me.data.surgeryDate,
            goals: goals.ok ? goals.data.goals.map((goal) => goal.text) : [],
          }}
        />
      )}
      <PageMessages
        namespaces={["dashboard", "patientForms", "patientDashboard", "goals", "scoreChart", "reminders", "kinds", "measure", "view"]}
      >
        <PatientDashboard
          initial={me.ok ? me.data : null}
          initialGoals={goals.ok ? goals.data : null}
          joinCode={joinCode}
          billing={billingConfigured()}
        />
      </PageMessages>
    </div>
  );
}
