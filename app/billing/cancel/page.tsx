import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Card, LinkButton, PageHeading } from "@/components/ui";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("billing"))("canceledTitle") };
}

/** Where the payment provider sends the customer who left the checkout without paying. */
export default async function BillingCancelPage() {
  const t = await getTranslations("billing");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title={t("canceledTitle")}>
        <p>{t("canceledText")}</p>
      </PageHeading>
      <Card title={t("plans")}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          <li>{t("core")}</li>
          <li>{t("plus")}</li>
        </ul>
        <p className="mt-3 text-sm text-slate-700">{t("anyTime")}</p>
      </Card>
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/dashboard">{t("toDashboard")}</LinkButton>
        <LinkButton href="/" variant="secondary">
          {t("back")}
        </LinkButton>
      </div>
    </div>
  );
}
