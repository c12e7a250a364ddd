import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ApiReference, type ReferenceDocument } from "@/components/developers/api-reference";
import { PageHeading } from "@/components/ui";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("developers");
  return { title: t("reference"), description: t("api.description") };
}

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2";

export default async function ApiReferencePage() {
  const t = await getTranslations("developers");
  // The document /api/openapi.json serves, as JSON: rendered here, on the server, with no script.
  const document: ReferenceDocument = JSON.parse(JSON.stringify(buildOpenApiDocument()));
  return (
    <div className="space-y-6">
      <PageHeading title={t("reference")}>
        <p>
          {t.rich("api.intro", {
            title: document.info.title,
            version: document.info.version,
            openapi: (chunks) => (
              <a href="/api/openapi.json" className={linkStyle}>
                {chunks}
              </a>
            ),
            asyncapi: (chunks) => (
              <a href="/api/asyncapi.json" className={linkStyle}>
                {chunks}
              </a>
            ),
            start: (chunks) => (
              <Link href="/developers" className={linkStyle}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      </PageHeading>
      <ApiReference document={document} />
    </div>
  );
}
