import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { LeadForm } from "@/components/developers/lead-form";
import { Card, LinkButton, PageHeading } from "@/components/ui";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { curlCommand, QUICK_START } from "@/lib/openapi/quickstart";

export const metadata: Metadata = { title: "Developers" };

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

export default function DevelopersPage() {
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
      <PageHeading title="Build on the hand assessment API">
        <p>
          Your app measures; this service stores the scored result, issues a six-character code, and turns results into histories, provider
          dashboards, PDF reports and plain-language explanations. JSON over HTTPS, bearer tokens (RS256) from the identity provider,
          anonymous submissions allowed.
        </p>
      </PageHeading>

      <Card
        title="Quick start"
        actions={
          <LinkButton href="/developers/api" variant="secondary">
            API reference
          </LinkButton>
        }
      >
        <p className="text-sm text-slate-700">
          Four calls, copy-paste ready: submit a result, look it up, bundle it into a report, download the PDF. No token is needed for
          these; add <code>-H &quot;authorization: Bearer $TOKEN&quot;</code> to act as a signed-in user.
        </p>
        <ol className="mt-4 space-y-6">
          {QUICK_START.map((step, i) => (
            <Step key={step.path} n={i + 1} title={step.title}>
              <p className="mt-1 text-sm text-slate-700">{step.what}</p>
              <Code label={`${step.title}: command`}>{curlCommand(step, origin)}</Code>
              {step.sample ? (
                <>
                  <p className="mt-2 text-sm text-slate-700">Answer ({step.status}):</p>
                  <Code label={`${step.title}: sample answer`}>{JSON.stringify(step.sample, null, 2)}</Code>
                </>
              ) : (
                <p className="mt-2 text-sm text-slate-700">
                  Answer ({step.status}): the PDF file ({step.endpoint.responses[0]?.contentType}).
                </p>
              )}
            </Step>
          ))}
        </ol>
      </Card>

      <Card title="Getting a token">
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            Tokens come from the identity provider ({tenant}) and must be issued for this API: ask for the audience{" "}
            <code className="break-all">{audience}</code>. Roles (patient, care_provider, admin) travel in the token&apos;s{" "}
            <code className="break-all">{env().AUTH0_ROLES_CLAIM}</code> claim.
          </p>
          <div>
            <h3 className="font-semibold text-slate-900">A native app: authorization code with PKCE</h3>
            <p className="mt-1">
              The app opens the sign-in page in the system browser with a code challenge (S256 of a random verifier), then trades the code
              and the verifier for tokens. No client secret lives in the app.
            </p>
            <Code label="Authorization code with PKCE: the sign-in URL">
              {`${tenant}/authorize?response_type=code\n  &client_id=$NATIVE_CLIENT_ID\n  &redirect_uri=com.example.hands://callback\n  &scope=openid%20profile%20email%20offline_access\n  &audience=${encodeURIComponent(audience)}\n  &code_challenge=$CODE_CHALLENGE&code_challenge_method=S256\n  &state=$STATE`}
            </Code>
            <Code label="Authorization code with PKCE: the token request">
              {`curl -X POST ${tenant}/oauth/token \\\n  -H 'content-type: application/x-www-form-urlencoded' \\\n  -d grant_type=authorization_code \\\n  -d client_id=$NATIVE_CLIENT_ID \\\n  -d code=$CODE \\\n  -d code_verifier=$CODE_VERIFIER \\\n  -d redirect_uri=com.example.hands://callback`}
            </Code>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">A server: client credentials</h3>
            <p className="mt-1">A back end (an EHR integration, a research export) signs in as itself with its client id and secret.</p>
            <Code label="Client credentials: the token request">
              {`curl -X POST ${tenant}/oauth/token \\\n  -H 'content-type: application/json' \\\n  -d '{"grant_type":"client_credentials","client_id":"'$CLIENT_ID'","client_secret":"'$CLIENT_SECRET'","audience":"${audience}"}'`}
            </Code>
          </div>
          <p>
            Then send <code>Authorization: Bearer $TOKEN</code> on every call; a browser opens the voice socket with <code>?ticket=</code>,
            a single-use ticket from <code>POST /api/ai/ws-ticket</code>, so that no token goes in a URL (its messages:{" "}
            <a href="/api/asyncapi.json" className={linkStyle}>
              AsyncAPI 3.0
            </a>
            ).
          </p>
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Every endpoint">
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
            Every field and error is in the{" "}
            <Link href="/developers/api" className={linkStyle}>
              API reference
            </Link>{" "}
            (machine-readable:{" "}
            <a href="/api/openapi.json" className={linkStyle}>
              OpenAPI 3.1
            </a>
            ).
          </p>
        </Card>
        <Card title="Stay in touch or book a demo">
          <LeadForm />
        </Card>
      </div>
    </div>
  );
}
