import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { QuestionnaireForm } from "@/components/measure/questionnaire-form";
import { PageMessages } from "@/components/site/page-messages";
import { PageHeading } from "@/components/ui";
import { env } from "@/lib/env";
import { currentUser } from "@/lib/web/auth";

const SLUG = "quickdash";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("measuring"))(`tests.${SLUG}.name`) };
}

export default async function QuickDashPage() {
  if (env().MEASURE_OFF.includes(SLUG)) notFound();
  const t = await getTranslations("measuring");
  const user = await currentUser();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <PageHeading title={t(`tests.${SLUG}.name`)}>
        <p>{t(`${SLUG}.instructions`)}</p>
      </PageHeading>
      <PageMessages namespaces={["measuring"]}>
        <QuestionnaireForm slug={SLUG} signedIn={Boolean(user)} />
      </PageMessages>
      <p className="text-xs text-slate-600">{t("questionnaire.copyright")}</p>
    </div>
  );
}
