import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PatientDetail } from "@/components/provider/patient-detail";
import { PageMessages } from "@/components/site/page-messages";
import { Alert, LinkButton, PageHeading } from "@/components/ui";
import type { z } from "zod";
import type { patientProfile } from "@/lib/patients/schemas";
import { callApi } from "@/lib/web/api";
import { currentUser, isStaff } from "@/lib/web/auth";
import { setPageStatus } from "@/lib/web/page-status";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("providerPage"))("patient"), robots: { index: false } };
}

export default async function ProviderPatientPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=/provider/patients/${id}`);
  const t = await getTranslations("providerPage");
  if (!isStaff(user)) {
    return (
      <div className="space-y-4">
        <PageHeading title={t("patient")} />
        <Alert>{t("patientStaffOnly")}</Alert>
      </div>
    );
  }
  const profile = await callApi<z.output<typeof patientProfile>>(`/patients/${id}`);
  // No such patient, or none the caller's care team may open: the same page, so it tells nothing apart.
  if (profile.status === 404 || profile.status === 403) {
    setPageStatus(404);
    return (
      <div className="space-y-4">
        <PageHeading title={t("missingTitle")}>
          <p>{t("missingBody")}</p>
        </PageHeading>
        <LinkButton href="/provider" variant="secondary">
          {t("backToPatients")}
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Link href="/provider" className="text-sm font-semibold text-teal-800 underline underline-offset-2">
        {t("allPatients")}
      </Link>
      <PageMessages
        namespaces={[
          "patientForms",
          "patientDetail",
          "patientTable",
          "attentionReason",
          "review",
          "goals",
          "scoreChart",
          "reminders",
          "goniometry",
          "kinds",
          "measure",
          "clinicianNotes",
          "patientReport",
          "view",
        ]}
      >
        <PatientDetail id={Number(id)} initial={profile.ok ? profile.data : undefined} />
      </PageMessages>
    </div>
  );
}
