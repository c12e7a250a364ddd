import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EmailForm } from "@/components/assessment/code-actions";
import { SnapshotView } from "@/components/assessment/snapshot-view";
import { Explanation } from "@/components/report/explanation";
import { Unavailable } from "@/components/site/unavailable";
import { Alert, buttonStyles, Card, PageHeading } from "@/components/ui";
import type { ReportView } from "@/lib/report-view/schemas";
import { callApi } from "@/lib/web/api";
import { HAND_NAMES } from "@/lib/assessments/vocabulary";
import { formatDate, formatDateTime, typeLabel } from "@/lib/web/format";

export const metadata: Metadata = { title: "Report" };

export default async function ReportPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const result = await callApi<ReportView>(`/reports/${encodeURIComponent(code)}`);
  if (result.status === 400 || result.status === 404) notFound();
  if (result.status === 503) return <Unavailable path={`/r/${encodeURIComponent(code)}`} what="report" />;
  if (result.status === 429) return <Alert>Too many look-ups from your connection. Please wait a minute and try again.</Alert>;
  if (!result.ok) throw new Error(`report answered ${result.status}`);
  const report = result.data;

  return (
    <article className="space-y-6">
      <PageHeading title={report.title}>
        <p className="text-sm">
          {report.patientName ? <>For {report.patientName} · </> : null}
          Created {formatDate(report.createdAt)} · Report{" "}
          <span className="font-mono font-semibold text-slate-900">{report.formattedCode}</span> · {report.assessments.length} assessment
          {report.assessments.length === 1 ? "" : "s"}
        </p>
      </PageHeading>

      <Alert kind="info">These results are measurements to discuss with a clinician. They are not a medical diagnosis.</Alert>

      <div className="flex flex-wrap gap-3">
        <a
          className={buttonStyles.primary}
          href={`/api/proxy/reports/${report.code}/pdf`}
          download={`hand-report-${report.formattedCode}.pdf`}
        >
          Download PDF
        </a>
      </div>

      <Card title="What the results mean">
        <Explanation code={report.code} initial={report.aiExplanation} initialSource={report.explanationSource ?? null} />
      </Card>

      <section aria-labelledby="assessments-heading" className="space-y-4">
        <h2 id="assessments-heading" className="text-xl font-semibold text-slate-900">
          Assessments
        </h2>
        {report.assessments.length === 0 && <p className="text-slate-700">The assessments of this report have expired.</p>}
        <div className="grid gap-4 md:grid-cols-2">
          {report.assessments.map((a) => (
            <Card
              key={a.code}
              headingLevel={3}
              title={typeLabel(a.assessmentType)}
              actions={
                <span className="text-xs text-slate-700">
                  {a.hand ? (HAND_NAMES[a.hand] ?? a.hand) : "Hand not recorded"} · {formatDateTime(a.dateCreated)} ·{" "}
                  <span className="font-mono">{a.formattedCode}</span>
                </span>
              }
            >
              <SnapshotView type={a.assessmentType} snapshot={a.resultSnapshot} />
            </Card>
          ))}
        </div>
      </section>

      <Card title="Share">
        <EmailForm
          path={`/reports/${report.code}/email`}
          field="to"
          label="E-mail this report (the PDF is attached)"
          buttonLabel="E-mail this report"
        />
      </Card>
    </article>
  );
}
