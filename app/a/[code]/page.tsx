import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { z } from "zod";
import { AssessmentActions } from "@/components/assessment/code-actions";
import { SnapshotView } from "@/components/assessment/snapshot-view";
import { Alert, Badge, Card, PageHeading } from "@/components/ui";
import { HAND_NAMES } from "@/lib/assessments/vocabulary";
import type { lookupResponse } from "@/lib/lookup/schemas";
import { callApi } from "@/lib/web/api";
import { currentUser } from "@/lib/web/auth";
import { formatDateTime, typeLabel } from "@/lib/web/format";

export const metadata: Metadata = { title: "Assessment" };

type Lookup = z.output<typeof lookupResponse>;

export default async function AssessmentPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const [result, user] = await Promise.all([callApi<Lookup>(`/lookup/${encodeURIComponent(code)}`), currentUser()]);
  if (result.status === 400 || result.status === 404) notFound();
  if (result.status === 429) {
    return <Alert>Too many look-ups from your connection. Please wait a minute and try again.</Alert>;
  }
  if (!result.ok) throw new Error(`lookup answered ${result.status}`);
  const a = result.data;

  return (
    <div className="space-y-6">
      <PageHeading title={typeLabel(a.assessmentType)}>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            Code <span className="font-mono font-semibold text-slate-900">{a.formattedCode}</span>
          </span>
          <span aria-hidden="true">·</span>
          <span>{a.hand ? HAND_NAMES[a.hand] ?? a.hand : "Hand not recorded"}</span>
          <span aria-hidden="true">·</span>
          <span>{formatDateTime(a.dateCreated)}</span>
          {a.isAnonymous ? <Badge tone="amber">Not claimed: expires 90 days after it was taken</Badge> : <Badge tone="teal">In an account</Badge>}
        </p>
      </PageHeading>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Card title="Results">
            <SnapshotView type={a.assessmentType} snapshot={a.resultSnapshot} />
          </Card>
        </div>
        <AssessmentActions code={a.code} signedIn={Boolean(user)} isAnonymous={a.isAnonymous} />
      </div>
      <p className="text-xs text-slate-700">These are measurements, not a medical diagnosis. Discuss them with your clinician.</p>
    </div>
  );
}
