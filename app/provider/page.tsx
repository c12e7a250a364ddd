import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { manages, type ClinicList } from "@/components/clinics/types";
import { firstPagePath, type PatientPage } from "@/components/provider/patient-list-query";
import { PatientTable } from "@/components/provider/patient-table";
import { PageMessages } from "@/components/site/page-messages";
import { Alert, PageHeading } from "@/components/ui";
import { callApi } from "@/lib/web/api";
import { currentUser, isStaff } from "@/lib/web/auth";
import { errorText } from "@/lib/web/format";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("providerPage"))("title"), robots: { index: false } };
}

export default async function ProviderPage({ searchParams }: { searchParams: Promise<{ clinic?: string | string[] }> }) {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/provider");
  const t = await getTranslations("providerPage");
  if (!isStaff(user)) {
    return (
      <div className="space-y-4">
        <PageHeading title={t("title")} />
        <Alert>{t("staffOnly")}</Alert>
      </div>
    );
  }
  const serviceAdmin = user.roles.includes("admin");
  const given = (await searchParams).clinic;
  const asked = typeof given === "string" && /^[1-9]\d{0,9}$/.test(given) ? Number(given) : null;
  // The first page is rendered on the server, so the table is there at first paint; it is asked
  // for beside the clinics, and again for all of them if the address named none of the caller's.
  const [answer, firstAsked] = await Promise.all([callApi<ClinicList>("/clinics"), callApi<PatientPage>(firstPagePath(asked))]);
  const clinics = answer.ok ? answer.data.clinics : [];
  const clinicId = clinics.some((c) => c.id === asked) ? asked : null;
  const first = clinicId === asked ? firstAsked : await callApi<PatientPage>(firstPagePath(null));
  const managed = clinics.filter((c) => manages(c, serviceAdmin));
  return (
    <div>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
        <p className="mt-2 text-sm">
          {serviceAdmin ? (
            t("serviceAdmin", { count: clinics.length })
          ) : clinics.length === 0 ? (
            t("noClinic")
          ) : (
            <>
              {t("yourClinics", { count: clinics.length })}{" "}
              <strong className="font-semibold text-slate-900">{clinics.map((c) => c.name).join(", ")}</strong>
            </>
          )}{" "}
          <Link
            href={managed.length === 1 ? `/provider/clinics/${managed[0]!.id}` : "/provider/clinics"}
            className="font-semibold text-teal-800 underline underline-offset-2"
          >
            {managed.length > 0 ? t("manage", { count: managed.length }) : t("createClinic")}
          </Link>
        </p>
      </PageHeading>
      {!answer.ok && <Alert>{t("clinicsFailed", { message: errorText(answer.data) })}</Alert>}
      <PageMessages namespaces={["patientTable", "attentionReason", "review", "kinds", "measure"]}>
        <PatientTable
          initial={first.ok ? first.data : undefined}
          clinics={clinics}
          clinicId={clinicId}
          allLabel={serviceAdmin ? t("allClinics") : t("allMyClinics")}
        />
      </PageMessages>
    </div>
  );
}
