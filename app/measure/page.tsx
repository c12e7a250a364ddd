import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Card, LinkButton, PageHeading } from "@/components/ui";
import { env } from "@/lib/env";
import { measureTests } from "@/lib/measure/tests";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("measuring"))("title") };
}

export default async function MeasurePage() {
  const t = await getTranslations("measuring");
  return (
    <div className="space-y-6">
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <ul className="grid gap-4 md:grid-cols-3">
        {measureTests(env().MEASURE_OFF).map((test) => (
          <li key={test.slug}>
            <Card title={t(`tests.${test.slug}.name`)} className="h-full">
              <p className="text-sm text-slate-700">{t(`tests.${test.slug}.text`)}</p>
              <p className="mt-2 text-sm font-semibold text-slate-800">{t("minutes", { minutes: test.minutes })}</p>
              <LinkButton href={`/measure/${test.slug}`} className="mt-3" aria-label={`${t("start")}: ${t(`tests.${test.slug}.name`)}`}>
                {t("start")}
              </LinkButton>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
