import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TappingTest } from "@/components/measure/tapping-test";
import { PageMessages } from "@/components/site/page-messages";
import { PageHeading } from "@/components/ui";
import { currentUser } from "@/lib/web/auth";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("measuring"))("tests.tapping.name") };
}

export default async function TappingPage() {
  const t = await getTranslations("measuring");
  const user = await currentUser();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <PageHeading title={t("tests.tapping.name")} />
      <PageMessages namespaces={["measuring"]}>
        <TappingTest signedIn={Boolean(user)} />
      </PageMessages>
    </div>
  );
}
