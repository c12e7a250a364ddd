import type { Metadata } from "next";
import Link from "next/link";
import { ClinicMembers } from "@/components/clinics/members";
import { Card, Facts, LinkButton, PageHeading } from "@/components/ui";
import { When } from "@/components/ui/when";
import { joinLink, managedClinic } from "./clinic";

export const metadata: Metadata = { title: "Clinic", robots: { index: false } };

export default async function ClinicPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const clinic = await managedClinic(id, `/provider/clinics/${id}`);
  return (
    <div className="space-y-6">
      <Link href="/provider" className="text-sm font-semibold text-teal-800 underline underline-offset-2">
        ← Patients
      </Link>
      <PageHeading title={clinic.name}>
        <p>Who works in the clinic, and the code patients use to share their record with it.</p>
      </PageHeading>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:order-last">
          <Card title="Join code">
            <p className="text-sm text-slate-700">
              Patients enter it on their dashboard (or scan the poster) to share their record with the clinic.
            </p>
            <p className="my-3 font-mono text-2xl font-bold tracking-wider text-slate-900 sm:text-3xl">{clinic.formattedJoinCode}</p>
            <p className="mb-3 text-xs text-slate-700 [overflow-wrap:anywhere]">
              Join link: <span className="break-all whitespace-normal font-mono">{joinLink(clinic)}</span>
            </p>
            <LinkButton href={`/provider/clinics/${clinic.id}/poster`} variant="secondary" className="w-full">
              Printable poster
            </LinkButton>
          </Card>
          <Card title="At a glance">
            <Facts
              items={[
                ["Patients sharing", clinic.patientCount],
                ["Members", clinic.memberCount],
                ["Created", <When key="created" value={clinic.createdAt} kind="date" />],
                [
                  "Your role",
                  clinic.role === "clinic_admin" ? "Clinic admin" : clinic.role === "clinician" ? "Clinician" : "Service admin",
                ],
              ]}
            />
          </Card>
        </div>
        <div className="lg:col-span-2">
          <ClinicMembers clinicId={clinic.id} />
        </div>
      </div>
    </div>
  );
}
