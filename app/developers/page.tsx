import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Code, DeveloperNav } from "@/components/developers/parts";
import { Card, LinkButton, PageHeading } from "@/components/ui";
import { env } from "@/lib/env";
import { curlCommand, QUICK_START } from "@/lib/openapi/quickstart";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("developers"))("title") };
}

// The quick start's steps in their order (lib/openapi/quickstart.ts), as the catalogue names them.
const STEPS = ["submit", "lookup", "report", "pdf"] as const;

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

/** The quick start; tokens, the endpoint list and the contact form have pages of their own. */
export default async function DevelopersPage() {
  const t = await getTranslations("developers");
  const code = (chunks: ReactNode) => <code>{chunks}</code>;
  const origin = new URL(env().FRONTEND_URL).origin;

  return (
    <div className="space-y-8">
      <PageHeading title={t("heading")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <DeveloperNav current="start" />

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
    </div>
  );
}
