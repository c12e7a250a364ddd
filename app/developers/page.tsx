import type { Metadata } from "next";
import Link from "next/link";
import { LeadForm } from "@/components/developers/lead-form";
import { Card, LinkButton, PageHeading } from "@/components/ui";

export const metadata: Metadata = { title: "Developers" };

const ENDPOINTS: Array<[string, string, string]> = [
  ["POST", "/api/assessments/rom", "Submit a scored range-of-motion assessment; returns its share code"],
  ["POST", "/api/assessments/dexterity", "Submit a finger-tapping dexterity result"],
  ["POST", "/api/assessments/pain-v2", "Submit a pain session (body map, medications, strategies)"],
  ["POST", "/api/assessments/arthritis", "Submit an arthritis evaluation (composite computed by your client)"],
  ["GET", "/api/lookup/{code}", "Read one assessment by its code"],
  ["POST", "/api/reports", "Bundle up to 20 codes into a report (PDF, e-mail, explanation)"],
  ["GET", "/api/patients/me/scores", "A signed-in patient's score history"],
  ["GET", "/api/patients", "Care providers: patients with trend and attention flag"],
];

export default function DevelopersPage() {
  return (
    <div className="space-y-8">
      <PageHeading title="Build on the hand assessment API">
        <p>
          Your app measures; this service stores the scored result, issues a six-character code, and turns results into
          histories, provider dashboards, PDF reports and plain-language explanations. JSON over HTTPS, bearer tokens
          (RS256) from the identity provider, anonymous submissions allowed.
        </p>
      </PageHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="The API at a glance" actions={<LinkButton href="/developers/api" variant="secondary">API reference</LinkButton>}>
          <ul className="divide-y divide-slate-100 text-sm">
            {ENDPOINTS.map(([method, path, what]) => (
              <li key={method + path} className="py-2">
                <p className="font-mono text-slate-900">
                  <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-bold text-slate-800">{method}</span>
                  <span className="break-all">{path}</span>
                </p>
                <p className="mt-0.5 text-slate-700">{what}</p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-700">
            Every endpoint, field and error is in the{" "}
            <Link href="/developers/api" className="font-semibold text-teal-800 underline underline-offset-2">
              API reference
            </Link>
            .
          </p>
        </Card>
        <Card title="Stay in touch or book a demo">
          <LeadForm />
        </Card>
      </div>
    </div>
  );
}
