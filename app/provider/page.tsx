import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PatientTable } from "@/components/provider/patient-table";
import { Alert, PageHeading } from "@/components/ui";
import { currentUser, isStaff } from "@/lib/web/auth";

export const metadata: Metadata = { title: "Patients" };

export default async function ProviderPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/provider");
  if (!isStaff(user)) return <Alert>The patient list is for care providers and admins.</Alert>;
  return (
    <div>
      <PageHeading title="Patients">
        <p>Latest scores, trends and who needs attention (declining, or a latest score under 40).</p>
      </PageHeading>
      <PatientTable />
    </div>
  );
}
