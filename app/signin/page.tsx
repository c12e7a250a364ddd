import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DevelopmentSignIn, ProviderSignInButton } from "@/components/site/sign-buttons";
import { Alert, PageHeading } from "@/components/ui";
import { isDevAuth, webSignInEnabled } from "@/lib/env";
import { currentUser } from "@/lib/web/auth";
import { safeCallbackPath } from "@/lib/web/callback-url";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!webSignInEnabled()) {
    return (
      <div className="mx-auto max-w-lg">
        <PageHeading title="Sign in">
          <p>
            Sign-in is not available on this server: it serves the API to applications with their own sign-in. Results and reports opened by
            code work without an account.
          </p>
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
        <PageHeading title="Development sign-in">
          <p>
            No identity provider is configured on this server, so anyone can choose who to be. Pick a role to try the app; your choice is
            passed to the API, which trusts it in development mode only.
          </p>
        </PageHeading>
        <div className="mb-6">
          <Alert kind="warning">This is a development sign-in. It must never be used where real patient data is held.</Alert>
        </div>
        {failed && (
          <div className="mb-4">
            <Alert>Signing in failed. Please choose a role again.</Alert>
          </div>
        )}
        <DevelopmentSignIn callbackUrl={callbackUrl} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-lg">
      <PageHeading title="Sign in">
        <p>Sign in to see your dashboard, claim assessments to your account and, for care providers, your patients.</p>
      </PageHeading>
      {failed && (
        <div className="mb-4">
          <Alert>Signing in did not complete. Please try again.</Alert>
        </div>
      )}
      <ProviderSignInButton callbackUrl={callbackUrl} />
    </div>
  );
}
