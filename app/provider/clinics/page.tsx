import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CreateClinic } from "@/components/clinics/create-clinic";
import { manages, type ClinicList } from "@/components/clinics/types";
import { PageMessages } from "@/components/site/page-messages";
import { Alert, Card, PageHeading } from "@/components/ui";
import { callApi } from "@/lib/web/api";
import { currentUser, isStaff } from "@/lib/web/auth";
import { errorText } from "@/lib/web/format";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("clinics"))("listTitle"), robots: { index: false } };
}

/** The clinics the caller manages (their own as a clinic admin, every one for the service admin), and a new one. */
export default async function ClinicsPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/provider/clinics");
  if (!isStaff(user)) notFound();
  const t = await getTranslations("clinics");
  const serviceAdmin = user.roles.includes("admin");
  const answer = await callApi<ClinicList>("/clinics");
  const clinics = answer.ok ? answer.data.clinics.filter((c) => manages(c, serviceAdmin)) : [];
  return (
    <div className="space-y-6">
      <Link href="/provider" className="text-sm font-semibold text-teal-800 underline underline-offset-2">
        {t("back")}
      </Link>
      <PageHeading title={t("listTitle")}>
        <p>{serviceAdmin ? t("listIntroAdmin") : t("listIntro")}</p>
      </PageHeading>
      {!answer.ok && <Alert>{t("listFailed", { message: errorText(answer.data) })}</Alert>}
      <Card>
        {clinics.length === 0 ? (
          <p className="text-sm text-slate-700">{serviceAdmin ? t("noneAdmin") : t("none")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t("listTitle")}>
            {clinics.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3 text-sm">
                <Link
                  href={`/provider/clinics/${c.id}`}
                  className="font-semibold text-teal-800 underline underline-offset-2 [overflow-wrap:anywhere]"
                >
                  {c.name}
                </Link>
                <span className="text-slate-700">
                  {c.role ? `${t(`roles.${c.role}`)} · ` : ""}
                  {t("counts", { members: c.memberCount, patients: c.patientCount })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <PageMessages namespaces={["clinics"]}>
        <CreateClinic />
      </PageMessages>
    </div>
  );
}
