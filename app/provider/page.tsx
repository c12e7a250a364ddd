import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { FIRST_PAGE_PATH, type PatientPage } from "@/components/provider/patient-list-query";
import { PatientTable } from "@/components/provider/patient-table";
import { Alert, PageHeading } from "@/components/ui";
import { callApi } from "@/lib/web/api";
import { currentUser, isStaff } from "@/lib/web/auth";

export const metadata: Metadata = { title: "Patients", robots: { index: false } };

export default async function ProviderPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/provider");
  if (!isStaff(user)) {
    return (
      <div className="space-y-4">
        <PageHeading title="Patients" />
        <Alert>The patient list is for care providers and admins.</Alert>
      </div>
    );
  }
  // The first page is rendered on the server, so the table is there at first paint.
  const first = await callApi<PatientPage>(FIRST_PAGE_PATH);
  return (
    <div>
      <PageHeading title="Patients">
        <p>
          Latest scores, trends and who needs attention: a test declining against its own previous result, or an overall score under 40.
        </p>
      </PageHeading>
      <PatientTable initial={first.ok ? first.data : undefined} />
    </div>
  );
}
