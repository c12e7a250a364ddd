import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LeadForm } from "@/components/developers/lead-form";
import { PageMessages } from "@/components/site/page-messages";
import { Card, LinkButton, PageHeading } from "@/components/ui";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { curlCommand, QUICK_START } from "@/lib/openapi/quickstart";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("developers"))("title") };
}

// The quick start's steps in their order (lib/openapi/quickstart.ts), as the catalogue names them.
const STEPS = ["submit", "lookup", "report", "pdf"] as const;

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2";

function Code({ label, children }: { label: string; children: string }) {
  return (
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-50"
    >
      <code>{children}</code>
    </pre>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="min-w-0">
      <h3 className="font-semibold text-slate-900">
        {n}. {title}
      </h3>
      {children}
    </li>
  );
}

export default async function DevelopersPage() {
  const t = await getTranslations("developers");
  const code = (chunks: ReactNode) => <code>{chunks}</code>;
  const wideCode = (chunks: ReactNode) => <code className="break-all">{chunks}</code>;
  const { FRONTEND_URL, AUTH0_DOMAIN, AUTH0_AUDIENCE } = env();
  const origin = new URL(FRONTEND_URL).origin;
  const tenant = AUTH0_DOMAIN ? `https://${AUTH0_DOMAIN}` : "https://<your-tenant>.auth0.com";
  const audience = AUTH0_AUDIENCE ?? "<the API's audience: AUTH0_AUDIENCE of this server>";
  // The endpoint list: every operation of the catalog, as the generated document has it.
  const document = buildOpenApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

  return (
    <div className="space-y-8">
      <PageHeading title={t("heading")}>
        <p>{t("intro")}</p>
      </PageHeading>

      <Card
        title={t("quickStart")}
        actions={
          <LinkButton href="/developers/api" variant="secondary">
            {t("reference")}
          </LinkButton>
        }
      >
        <p className="text-sm text-slate-700">{t.rich("quickIntro", { code })}</p>
        <ol className="mt-4 space-y-6">
          {QUICK_START.map((step, i) => {
            const key = STEPS[i];
            const title = key ? t(`steps.${key}.title`) : step.title;
            return (
              <Step key={step.path} n={i + 1} title={title}>
                <p className="mt-1 text-sm text-slate-700">{key ? t(`steps.${key}.what`) : step.what}</p>
                <Code label={t("command", { step: title })}>{curlCommand(step, origin)}</Code>
                {step.sample ? (
                  <>
                    <p className="mt-2 text-sm text-slate-700">{t("answer", { status: step.status })}</p>
                    <Code label={t("sample", { step: title })}>{JSON.stringify(step.sample, null, 2)}</Code>
                  </>
                ) : (
                  <p className="mt-2 text-sm text-slate-700">
                    {t("answerFile", { status: step.status, type: step.endpoint.responses[0]?.contentType ?? "" })}
                  </p>
                )}
              </Step>
            );
          })}
        </ol>
      </Card>

      <Card title={t("tokenTitle")}>
        <div className="space-y-4 text-sm text-slate-700">
          <p>{t.rich("tokenIntro", { tenant, audience, claim: env().AUTH0_ROLES_CLAIM, code: wideCode })}</p>
          <div>
            <h3 className="font-semibold text-slate-900">{t("nativeTitle")}</h3>
            <p className="mt-1">{t("nativeText")}</p>
            <Code label={t("nativeUrl")}>
              {`${tenant}/authorize?response_type=code\n  &client_id=$NATIVE_CLIENT_ID\n  &redirect_uri=com.example.hands://callback\n  &scope=openid%20profile%20email%20offline_access\n  &audience=${encodeURIComponent(audience)}\n  &code_challenge=$CODE_CHALLENGE&code_challenge_method=S256\n  &state=$STATE`}
            </Code>
            <Code label={t("nativeToken")}>
              {`curl -X POST ${tenant}/oauth/token \\\n  -H 'content-type: application/x-www-form-urlencoded' \\\n  -d grant_type=authorization_code \\\n  -d client_id=$NATIVE_CLIENT_ID \\\n  -d code=$CODE \\\n  -d code_verifier=$CODE_VERIFIER \\\n  -d redirect_uri=com.example.hands://callback`}
            </Code>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">{t("serverTitle")}</h3>
            <p className="mt-1">{t("serverText")}</p>
            <Code label={t("serverToken")}>
              {`curl -X POST ${tenant}/oauth/token \\\n  -H 'content-type: application/json' \\\n  -d '{"grant_type":"client_credentials","client_id":"'$CLIENT_ID'","client_secret":"'$CLIENT_SECRET'","audience":"${audience}"}'`}
            </Code>
          </div>
          <p>
            {t.rich("then", {
              code,
              link: (chunks) => (
                <a href="/api/asyncapi.json" className={linkStyle}>
                  {chunks}
                </a>
              ),
            })}
          </p>
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("endpoints")}>
          <ul className="divide-y divide-slate-100 text-sm">
            {operations.map(({ path, method, operation }) => (
              <li key={method + path} className="py-2">
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
          <p className="mt-4 text-sm text-slate-700">
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
        </Card>
        <Card title={t("leadTitle")}>
          <PageMessages namespaces={["developerLead"]}>
            <LeadForm />
          </PageMessages>
        </Card>
      </div>
    </div>
  );
}
