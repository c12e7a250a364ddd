import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DeveloperNav, linkStyle } from "@/components/developers/parts";
import { PageHeading } from "@/components/ui";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("developers"))("endpoints") };
}

/** Every operation of the generated document, each linked to its entry in the reference. */
export default async function EndpointsPage() {
  const t = await getTranslations("developers");
  const document = buildOpenApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

  return (
    <div className="space-y-8">
      <PageHeading title={t("endpoints")}>
        <p>
          {t.rich("everyField", {
            reference: (chunks) => (
              <Link href="/developers/api" className={linkStyle}>
                {chunks}
              </Link>
            ),
            openapi: (chunks) => (
              <a href="/api/openapi.json" className={linkStyle}>
                {chunks}
              </a>
            ),
          })}
        </p>
      </PageHeading>
      <DeveloperNav current="endpoints" />
      <ul className="grid gap-x-6 text-sm md:grid-cols-2 lg:grid-cols-3">
        {operations.map(({ path, method, operation }) => (
          <li key={method + path} className="min-w-0 border-b border-slate-200 py-1.5">
            <p className="font-mono text-slate-900">
              <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-bold text-slate-800">{method.toUpperCase()}</span>
              <Link href={`/developers/api#${operation.operationId}`} className="break-all text-teal-800 underline underline-offset-2">
                /api{path}
              </Link>
            </p>
            <p className="mt-0.5 text-slate-700">{operation.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
