import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PainForm } from "@/components/measure/pain-form";
import { PageMessages } from "@/components/site/page-messages";
import { PageHeading } from "@/components/ui";
import { currentUser } from "@/lib/web/auth";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("measuring"))("tests.pain.name") };
}

export default async function PainPage() {
  const t = await getTranslations("measuring");
  const user = await currentUser();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeading title={t("tests.pain.name")} />
      <PageMessages namespaces={["measuring"]}>
        <PainForm signedIn={Boolean(user)} />
      </PageMessages>
    </div>
  );
}
