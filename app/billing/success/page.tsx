import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/ui";
import { VerifyCheckout } from "./verify-checkout";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("billing"))("successTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the payment provider sends the customer after paying (?session_id=cs_...). */
export default async function BillingSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const { session_id: sessionId } = await searchParams;
  const t = await getTranslations("billing");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title={t("thanks")}>
        <p>{t("confirming")}</p>
      </PageHeading>
      <VerifyCheckout sessionId={typeof sessionId === "string" && sessionId ? sessionId : null} />
    </div>
  );
}
