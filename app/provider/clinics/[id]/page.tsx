import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ClinicMembers } from "@/components/clinics/members";
import { PageMessages } from "@/components/site/page-messages";
import { Card, Facts, LinkButton, PageHeading } from "@/components/ui";
import { When } from "@/components/ui/when";
import { joinLink, managedClinic } from "./clinic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("clinics"))("title"), robots: { index: false } };
}

export default async function ClinicPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const clinic = await managedClinic(id, `/provider/clinics/${id}`);
  const t = await getTranslations("clinics");
  return (
    <div className="space-y-6">
      <Link href="/provider" className="text-sm font-semibold text-teal-800 underline underline-offset-2">
        {t("back")}
      </Link>
      <PageHeading title={clinic.name}>
        <p>{t("intro")}</p>
      </PageHeading>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:order-last">
          <Card title={t("joinCode")}>
            <p className="text-sm text-slate-700">{t("joinCodeHelp")}</p>
            <p className="my-3 font-mono text-2xl font-bold tracking-wider text-slate-900 sm:text-3xl">{clinic.formattedJoinCode}</p>
            <p className="mb-3 text-xs text-slate-700 [overflow-wrap:anywhere]">
              {t("joinLink")} <span className="break-all whitespace-normal font-mono">{joinLink(clinic)}</span>
            </p>
            <LinkButton href={`/provider/clinics/${clinic.id}/poster`} variant="secondary" className="w-full">
              {t("poster")}
            </LinkButton>
          </Card>
          <Card title={t("glance")}>
            <Facts
              items={[
                [t("patientsSharing"), clinic.patientCount],
                [t("created"), <When key="created" value={clinic.createdAt} kind="date" />],
                [t("yourRole"), t(`roles.${clinic.role ?? "admin"}`)],
              ]}
            />
          </Card>
        </div>
        <div className="lg:col-span-2">
          <PageMessages namespaces={["clinics"]}>
            <ClinicMembers clinicId={clinic.id} />
          </PageMessages>
        </div>
      </div>
    </div>
  );
}
