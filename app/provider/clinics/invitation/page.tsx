import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AcceptInvitation } from "@/components/clinics/accept-invitation";
import { PageMessages } from "@/components/site/page-messages";
import { PageHeading } from "@/components/ui";
import { currentUser } from "@/lib/web/auth";

// The invitation e-mail's link lands here with its token in the fragment, which never reaches the
// server; never indexed, never sent on as a referrer.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("clinics"))("invitationTitle"), robots: { index: false }, referrer: "no-referrer" };
}

export default async function InvitationPage() {
  const user = await currentUser();
  const t = await getTranslations("clinics");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title={t("invitationTitle")}>
        <p>{t("invitationIntro")}</p>
      </PageHeading>
      <PageMessages namespaces={["clinics"]}>
        <AcceptInvitation signedIn={user !== null} provider={user?.roles.includes("care_provider") ?? false} />
      </PageMessages>
    </div>
  );
}
