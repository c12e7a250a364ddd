import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { PatientDetail } from "@/components/provider/patient-detail";
import { Alert, PageHeading } from "@/components/ui";
import { currentUser, isStaff } from "@/lib/web/auth";

export const metadata: Metadata = { title: "Patient", robots: { index: false } };

export default async function ProviderPatientPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=/provider/patients/${id}`);
  if (!isStaff(user)) {
    return (
      <div className="space-y-4">
        <PageHeading title="Patient" />
        <Alert>Patient details are for care providers and admins.</Alert>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Link href="/provider" className="text-sm font-semibold text-teal-800 underline underline-offset-2">
        ← All patients
      </Link>
      <PatientDetail id={Number(id)} />
    </div>
  );
}
