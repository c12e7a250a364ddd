import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GoniometryTables } from "@/components/goniometry/goniometry-table";
import { Explanation } from "@/components/report/explanation";
import { ReportActions } from "@/components/report/report-actions";
import { AssessmentDetails, ChangeTable, ScoreChart, SummaryTable } from "@/components/report/report-summary";
import { Unavailable } from "@/components/site/unavailable";
import { Alert, Card, PageHeading } from "@/components/ui";
import { When } from "@/components/ui/when";
import { goniometryTables, measurementsOf } from "@/lib/assessments/goniometry";
import { callApi } from "@/lib/web/api";
import { DISCLAIMER } from "@/lib/report-view/present";
import type { ReportView } from "@/lib/report-view/schemas";
import { hasChart, ownershipNotice, patientDetails, patientLabel, reportHeading, senderTitle } from "@/lib/report-view/summary";

export const metadata: Metadata = { title: "Report" };

/** Printing shows the document only: the site's banner, navigation and footer and the page's buttons stay off paper. */
const PRINT_STYLES = `@media print {
  body > header, body > footer, body > a[href="#main"] { display: none !important; }
  body { background: #fff !important; }
  main { max-width: none !important; padding: 0 !important; }
  @page { size: A4; margin: 14mm; }
}`;

export default async function ReportPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const result = await callApi<ReportView>(`/reports/${encodeURIComponent(code)}`);
  if (result.status === 400 || result.status === 404) notFound();
  if (result.status === 503) return <Unavailable path={`/r/${encodeURIComponent(code)}`} what="report" />;
  if (result.status === 429) return <Alert>Too many look-ups from your connection. Please wait a minute and try again.</Alert>;
  if (!result.ok) throw new Error(`report answered ${result.status}`);
  const report = result.data;
  const notice = ownershipNotice(report);
  const details = patientDetails(report);
  const fromSender = senderTitle(report);
  const goniometry = goniometryTables(measurementsOf(report.assessments));
  const count = `${report.assessments.length} assessment${report.assessments.length === 1 ? "" : "s"}`;

  return (
    <article className="space-y-6">
      <style>{PRINT_STYLES}</style>
      <PageHeading title={reportHeading(report)}>
        {fromSender && (
          <p className="mb-2 text-sm text-slate-800" data-testid="report-sender-title">
            {fromSender}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap">
          <div>
            <dt className="inline text-slate-700">Patient: </dt>
            <dd className="inline font-semibold text-slate-900" data-testid="report-patient">
              {patientLabel(report)}
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-700">Created: </dt>
            <dd className="inline">
              <When value={report.createdAt} kind="date" />
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-700">Report: </dt>
            <dd className="inline whitespace-nowrap font-mono font-semibold text-slate-900">{report.formattedCode}</dd>
          </div>
          <div>
            <dt className="sr-only">Records: </dt>
            <dd className="inline">{count}</dd>
          </div>
        </dl>
        {details ? (
          <p className="mt-1 text-sm" data-testid="report-patient-details">
            {details}
          </p>
        ) : null}
      </PageHeading>

      {notice ? (
        <div data-testid="ownership-notice">
          <Alert kind="warning">{notice}</Alert>
        </div>
      ) : null}
      <Alert kind="info">{DISCLAIMER}</Alert>

      <ReportActions code={report.code} formattedCode={report.formattedCode} />

      <Card title="Summary">
        {report.assessments.length === 0 ? (
          <p className="text-slate-700">The assessments of this report have expired.</p>
        ) : (
          <SummaryTable assessments={report.assessments} />
        )}
      </Card>

      {hasChart(report.assessments) ? (
        <Card title="Scores over time (0-100, higher is better)" className="break-inside-avoid">
          <ScoreChart assessments={report.assessments} />
        </Card>
      ) : null}

      {report.assessments.length ? (
        <Card title="Change from first to latest" className="break-inside-avoid">
          <ChangeTable assessments={report.assessments} />
        </Card>
      ) : null}

      {goniometry.length ? (
        <Card title="Finger joints by date" className="break-inside-avoid">
          <GoniometryTables tables={goniometry} />
        </Card>
      ) : null}

      <Card title="What the results mean">
        <Explanation code={report.code} initial={report.aiExplanation} initialSource={report.explanationSource ?? null} />
      </Card>

      {report.assessments.length ? (
        <section aria-labelledby="assessments-heading" className="space-y-4">
          <h2 id="assessments-heading" className="text-xl font-semibold text-slate-900">
            Assessment details
          </h2>
          <div className="grid gap-4 lg:grid-cols-2 print:block print:space-y-3">
            {report.assessments.map((item, index) => (
              <AssessmentDetails key={item.code} item={item} index={index} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}
