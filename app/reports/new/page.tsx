import type { Metadata } from "next";
import Link from "next/link";
import { NewReportForm } from "@/components/report/new-report-form";
import { PageHeading } from "@/components/ui";
import { webSignInEnabled } from "@/lib/env";
import { currentUser } from "@/lib/web/auth";

export const metadata: Metadata = { title: "New report" };

export default async function NewReportPage() {
  const user = await currentUser();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title="Create a report">
        <p>
          Bundle up to 20 assessments into one report with a share code, a PDF and a plain-language explanation.
          {!user && webSignInEnabled() && (
            <>
              {" "}
              <Link href="/signin?callbackUrl=/reports/new" className="font-semibold text-teal-800 underline underline-offset-2">
                Sign in
              </Link>{" "}
              to choose from your own assessments.
            </>
          )}
        </p>
      </PageHeading>
      <NewReportForm signedIn={Boolean(user)} />
    </div>
  );
}
