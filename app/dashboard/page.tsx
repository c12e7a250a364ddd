import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PatientDashboard, type MyStanding } from "@/components/dashboard/patient-dashboard";
import { Alert, LinkButton, PageHeading } from "@/components/ui";
import { callApi } from "@/lib/web/api";
import { currentUser, isStaff } from "@/lib/web/auth";

export const metadata: Metadata = { title: "My dashboard", robots: { index: false } };

/** The profile's name; none (a development persona, or no name yet) reads neutrally. */
const greeting = (name: string | null) => (name ? `Hello, ${name}` : "My dashboard");

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
  const patient = user.roles.length === 0 || user.roles.includes("patient");
  if (!patient) {
    return (
      <div className="space-y-4">
        <PageHeading title="My dashboard" />
        <Alert kind="info">The dashboard is for patients. You are signed in as staff.</Alert>
        {isStaff(user) && <LinkButton href="/provider">Open the patient list</LinkButton>}
      </div>
    );
  }
  // The strip is rendered with the page; the other panels then load side by side.
  const me = await callApi<MyStanding & { name: string | null }>("/patients/me");
  return (
    <div>
      <PageHeading title={greeting(user.persona ? null : me.ok ? me.data.name : null)}>
        <p>Your scores over time, your assessments and journal, who can see your record, and your subscription.</p>
      </PageHeading>
      <PatientDashboard initial={me.ok ? me.data : null} joinCode={joinCode} />
    </div>
  );
}
