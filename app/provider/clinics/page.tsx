import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { CLINIC_ROLE_NAMES, manages, type ClinicList } from "@/components/clinics/types";
import { Alert, Card, PageHeading } from "@/components/ui";
import { callApi } from "@/lib/web/api";
import { currentUser, isStaff } from "@/lib/web/auth";
import { errorText } from "@/lib/web/format";

export const metadata: Metadata = { title: "Clinics", robots: { index: false } };

/** The clinics the caller manages: their own as a clinic admin, every one for the service admin. */
export default async function ClinicsPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/provider/clinics");
  if (!isStaff(user)) notFound();
  const serviceAdmin = user.roles.includes("admin");
  const answer = await callApi<ClinicList>("/clinics");
  const clinics = answer.ok ? answer.data.clinics.filter((c) => manages(c, serviceAdmin)) : [];
  return (
    <div className="space-y-6">
      <Link href="/provider" className="text-sm font-semibold text-teal-800 underline underline-offset-2">
        ← Patients
      </Link>
      <PageHeading title="Clinics">
        <p>{serviceAdmin ? "Every clinic of the service." : "The clinics you manage."}</p>
      </PageHeading>
      {!answer.ok && <Alert>Could not load the clinics: {errorText(answer.data)}</Alert>}
      <Card>
        {clinics.length === 0 ? (
          <p className="text-sm text-slate-700">{serviceAdmin ? "There are no clinics yet." : "You are not the admin of a clinic."}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Clinics">
            {clinics.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3 text-sm">
                <Link
                  href={`/provider/clinics/${c.id}`}
                  className="font-semibold text-teal-800 underline underline-offset-2 [overflow-wrap:anywhere]"
                >
                  {c.name}
                </Link>
                <span className="text-slate-700">
                  {c.role ? `${CLINIC_ROLE_NAMES[c.role]} · ` : ""}
                  {c.memberCount} member{c.memberCount === 1 ? "" : "s"} · {c.patientCount} patient{c.patientCount === 1 ? "" : "s"} sharing
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
