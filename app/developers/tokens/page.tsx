import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Code, DeveloperNav, linkStyle } from "@/components/developers/parts";
import { PageHeading } from "@/components/ui";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("developers"))("tokenTitle") };
}

/** How an app or a server gets a token for this API from the identity provider. */
export default async function TokensPage() {
  const t = await getTranslations("developers");
  const code = (chunks: ReactNode) => <code>{chunks}</code>;
  const wideCode = (chunks: ReactNode) => <code className="break-all">{chunks}</code>;
  const { AUTH0_DOMAIN, AUTH0_AUDIENCE, AUTH0_ROLES_CLAIM } = env();
  const tenant = AUTH0_DOMAIN ? `https://${AUTH0_DOMAIN}` : "https://<your-tenant>.auth0.com";
  const audience = AUTH0_AUDIENCE ?? "<the API's audience: AUTH0_AUDIENCE of this server>";

  return (
    <div className="space-y-8">
      <PageHeading title={t("tokenTitle")}>
        <p>{t.rich("tokenIntro", { tenant, audience, claim: AUTH0_ROLES_CLAIM, code: wideCode })}</p>
      </PageHeading>
      <DeveloperNav current="tokens" />
      <div className="space-y-6 text-sm text-slate-700">
        <section>
          <h2 className="text-lg font-semibold text-slate-900">{t("nativeTitle")}</h2>
          <p className="mt-1">{t("nativeText")}</p>
          <Code label={t("nativeUrl")}>
            {`${tenant}/authorize?response_type=code\n  &client_id=$NATIVE_CLIENT_ID\n  &redirect_uri=com.example.hands://callback\n  &scope=openid%20profile%20email%20offline_access\n  &audience=${encodeURIComponent(audience)}\n  &code_challenge=$CODE_CHALLENGE&code_challenge_method=S256\n  &state=$STATE`}
          </Code>
          <Code label={t("nativeToken")}>
            {`curl -X POST ${tenant}/oauth/token \\\n  -H 'content-type: application/x-www-form-urlencoded' \\\n  -d grant_type=authorization_code \\\n  -d client_id=$NATIVE_CLIENT_ID \\\n  -d code=$CODE \\\n  -d code_verifier=$CODE_VERIFIER \\\n  -d redirect_uri=com.example.hands://callback`}
          </Code>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-slate-900">{t("serverTitle")}</h2>
          <p className="mt-1">{t("serverText")}</p>
          <Code label={t("serverToken")}>
            {`curl -X POST ${tenant}/oauth/token \\\n  -H 'content-type: application/json' \\\n  -d '{"grant_type":"client_credentials","client_id":"'$CLIENT_ID'","client_secret":"'$CLIENT_SECRET'","audience":"${audience}"}'`}
          </Code>
        </section>
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
    </div>
  );
}
