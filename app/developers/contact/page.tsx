import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LeadForm } from "@/components/developers/lead-form";
import { DeveloperNav } from "@/components/developers/parts";
import { PageMessages } from "@/components/site/page-messages";
import { Card, PageHeading } from "@/components/ui";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("developers"))("leadTitle") };
}

/** The stay-in-touch / demo form, with the API's field errors inline. */
export default async function ContactPage() {
  const t = await getTranslations("developers");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeading title={t("leadTitle")} />
      <DeveloperNav current="contact" />
      <Card>
        <PageMessages namespaces={["developerLead"]}>
          <LeadForm />
        </PageMessages>
      </Card>
    </div>
  );
}
