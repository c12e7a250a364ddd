import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getMessages, getTranslations } from "next-intl/server";
import { DevelopmentSignIn, ProviderSignInButton } from "@/components/site/sign-buttons";
import { Alert, PageHeading } from "@/components/ui";
import { isDevAuth, webSignInEnabled } from "@/lib/env";
import { currentUser } from "@/lib/web/auth";
import { safeCallbackPath } from "@/lib/web/callback-url";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("signin"))("title") };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations("signin");
  if (!webSignInEnabled()) {
    return (
      <div className="mx-auto max-w-lg">
        <PageHeading title={t("title")}>
          <p>{t("unavailable")}</p>
        </PageHeading>
      </div>
    );
  }
  const params = await searchParams;
  // Only same-site paths: never send people elsewhere after signing in.
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  const failed = params.error !== undefined;

  if (isDevAuth()) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeading title={t("devTitle")}>
          <p>{t("devIntro")}</p>
        </PageHeading>
        <div className="mb-6">
          <Alert kind="warning">{t("devWarning")}</Alert>
        </div>
        {failed && (
          <div className="mb-4">
            <Alert>{t("devFailed")}</Alert>
          </div>
        )}
        <DevelopmentSignIn callbackUrl={callbackUrl} personas={(await getMessages()).signin.personas} signingIn={t("signingIn")} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-lg">
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      {failed && (
        <div className="mb-4">
          <Alert>{t("failed")}</Alert>
        </div>
      )}
      <ProviderSignInButton callbackUrl={callbackUrl} words={{ signIn: t("signIn"), redirecting: t("redirecting") }} />
    </div>
  );
}
