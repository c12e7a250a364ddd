import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { NewReportForm } from "@/components/report/new-report-form";
import { PageMessages } from "@/components/site/page-messages";
import { PageHeading } from "@/components/ui";
import { webSignInEnabled } from "@/lib/env";
import { currentUser } from "@/lib/web/auth";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("newReport"))("title") };
}

export default async function NewReportPage() {
  const user = await currentUser();
  const t = await getTranslations("newReport");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title={t("heading")}>
        <p>
          {t("intro")}
          {!user && webSignInEnabled() && (
            <>
              {" "}
              {t.rich("signInFirst", {
                link: (chunks) => (
                  <Link href="/signin?callbackUrl=/reports/new" className="font-semibold text-teal-800 underline underline-offset-2">
                    {chunks}
                  </Link>
                ),
              })}
            </>
          )}
        </p>
      </PageHeading>
      <PageMessages namespaces={["newReport", "kinds"]}>
        <NewReportForm signedIn={Boolean(user)} />
      </PageMessages>
    </div>
  );
}
