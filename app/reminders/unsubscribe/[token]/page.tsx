import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UnsubscribeButton } from "@/components/reminders/unsubscribe-button";
import { PageMessages } from "@/components/site/page-messages";
import { PageHeading } from "@/components/ui";

// The link carries the unsubscribe token: never sent on as a referrer, never indexed.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("reminders"))("unsubscribe.title"), robots: { index: false }, referrer: "no-referrer" };
}

/** Where a reminder e-mail's unsubscribe link lands in a browser (GET /api/reminders/unsubscribe/{token} redirects here). */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("reminders");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title={t("unsubscribe.title")}>
        <p>{t("unsubscribe.body")}</p>
      </PageHeading>
      <PageMessages namespaces={["reminders"]}>
        <UnsubscribeButton token={token} />
      </PageMessages>
    </div>
  );
}
