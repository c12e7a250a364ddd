import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { GoniometryTables } from "@/components/goniometry/goniometry-table";
import { Explanation } from "@/components/report/explanation";
import { ReportActions } from "@/components/report/report-actions";
import { AssessmentDetails, ChangeTable, ScoreChart, SummaryTable } from "@/components/report/report-summary";
import { Unavailable } from "@/components/site/unavailable";
import { Alert, Card, PageHeading } from "@/components/ui";
import { When } from "@/components/ui/when";
import { goniometryTables, measurementsOf } from "@/lib/assessments/goniometry";
import type { Locale } from "@/lib/i18n/locales";
import { callApi } from "@/lib/web/api";
import type { ReportView } from "@/lib/report-view/schemas";
import {
  clinicalDetails,
  hasChart,
  madeByLine,
  ownershipNotice,
  patientDetails,
  patientLabel,
  reportHeading,
  senderTitle,
} from "@/lib/report-view/summary";
import { wordsFor, type Words } from "@/lib/report-view/words";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("reportPage"))("title") };
}

/** Printing shows the document only: the site's banner, navigation and footer and the page's buttons stay off paper. */
const PRINT_STYLES = `@media print {
  body > header, body > footer, body > a[href="#main"] { display: none !important; }
  body { background: #fff !important; }
  main { max-width: none !important; padding: 0 !important; }
  @page { size: A4; margin: 14mm; }
}`;

type PageText = Awaited<ReturnType<typeof getTranslations<"reportPage">>>;

/** A detail line under the heading, left out when the report has nothing for it. */
function HeadingLine({ text, testId }: { text: string | null; testId: string }) {
  return text ? (
    <p className="mt-1 text-sm" data-testid={testId}>
      {text}
    </p>
  ) : null;
}

/** Who the report is about, when it was made, its code and how many records it holds. */
function ReportFacts({ report, w, t }: { report: ReportView; w: Words; t: PageText }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap">
      <div>
        <dt className="inline text-slate-700">{t("patient")} </dt>
        <dd className="inline font-semibold text-slate-900" data-testid="report-patient">
          {patientLabel(report, w)}
        </dd>
      </div>
      <div>
        <dt className="inline text-slate-700">{t("created")} </dt>
        <dd className="inline">
          <When value={report.createdAt} kind="date" />
        </dd>
      </div>
      <div>
        <dt className="inline text-slate-700">{t("report")} </dt>
        <dd className="inline whitespace-nowrap font-mono font-semibold text-slate-900">{report.formattedCode}</dd>
      </div>
      <div>
        <dt className="sr-only">{t("records")} </dt>
        <dd className="inline">{t("count", { count: report.assessments.length })}</dd>
      </div>
    </dl>
  );
}

function ReportHeading({ report, w, t }: { report: ReportView; w: Words; t: PageText }) {
  const fromSender = senderTitle(report, w);
  return (
    <PageHeading title={reportHeading(report, w)}>
      {fromSender && (
        <p className="mb-2 text-sm text-slate-800" data-testid="report-sender-title">
          {fromSender}
        </p>
      )}
      <ReportFacts report={report} w={w} t={t} />
      <HeadingLine text={patientDetails(report, w)} testId="report-patient-details" />
      <HeadingLine text={clinicalDetails(report, w)} testId="report-clinical" />
      <HeadingLine text={madeByLine(report, w)} testId="report-made-by" />
    </PageHeading>
  );
}

function actionsText(t: PageText) {
  return {
    download: t("download"),
    print: t("print"),
    email: t("email"),
    emailLabel: t("emailLabel"),
    send: t("send"),
    sentTo: t("sentTo", { to: "{to}" }),
    notSetUp: t("notSetUp"),
    invalidAddress: t("invalidAddress"),
    sending: t("sending"),
    failed: t("failed"),
  };
}

function explanationText(t: PageText) {
  return {
    byModel: t("byModel"),
    byTemplate: t("byTemplate"),
    notDiagnosis: t("notDiagnosis"),
    noExplanation: t("noExplanation"),
    explaining: t("explaining"),
    explain: t("explain"),
    failed: t("failed"),
  };
}

/** The summary, chart, change and finger-joint cards: each but the summary only when it has something to show. */
function ResultCards({ report, w, t }: { report: ReportView; w: Words; t: PageText }) {
  const goniometry = goniometryTables(measurementsOf(report.assessments));
  return (
    <>
      <Card title={t("summary")}>
        {report.assessments.length === 0 ? (
          <p className="text-slate-700">{t("expired")}</p>
        ) : (
          <SummaryTable assessments={report.assessments} w={w} />
        )}
      </Card>

      {hasChart(report.assessments) ? (
        <Card title={t("chartTitle")} className="break-inside-avoid">
          <ScoreChart assessments={report.assessments} w={w} />
        </Card>
      ) : null}

      {report.assessments.length ? (
        <Card title={t("changeTitle")} className="break-inside-avoid">
          <ChangeTable assessments={report.assessments} w={w} />
        </Card>
      ) : null}

      {goniometry.length ? (
        <Card title={w.t("goniometry.heading")} className="break-inside-avoid">
          <GoniometryTables tables={goniometry} />
        </Card>
      ) : null}
    </>
  );
}

function AssessmentSection({ report, w, t }: { report: ReportView; w: Words; t: PageText }) {
  return (
    <section aria-labelledby="assessments-heading" className="space-y-4">
      <h2 id="assessments-heading" className="text-xl font-semibold text-slate-900">
        {t("details")}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2 print:block print:space-y-3">
        {report.assessments.map((item, index) => (
          <AssessmentDetails key={item.code} item={item} index={index} w={w} />
        ))}
      </div>
    </section>
  );
}

export default async function ReportPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const result = await callApi<ReportView>(`/reports/${encodeURIComponent(code)}`);
  if (result.status === 400 || result.status === 404) notFound();
  const t = await getTranslations("reportPage");
  const page = await getTranslations("assessmentPage");
  if (result.status === 503) return <Unavailable path={`/r/${encodeURIComponent(code)}`} what="report" />;
  if (result.status === 429) return <Alert>{page("tooMany")}</Alert>;
  if (!result.ok) throw new Error(`report answered ${result.status}`);
  const w = wordsFor((await getLocale()) as Locale);
  const report = result.data;
  const notice = ownershipNotice(report, w);

  return (
    <article className="space-y-6">
      <style>{PRINT_STYLES}</style>
      <ReportHeading report={report} w={w} t={t} />

      {notice ? (
        <div data-testid="ownership-notice">
          <Alert kind="warning">{notice}</Alert>
        </div>
      ) : null}
      <Alert kind="info">{w.t("email.disclaimer")}</Alert>

      <ReportActions code={report.code} formattedCode={report.formattedCode} text={actionsText(t)} />

      <ResultCards report={report} w={w} t={t} />

      <Card title={t("meaning")}>
        <Explanation
          code={report.code}
          initial={report.aiExplanation}
          initialSource={report.explanationSource ?? null}
          text={explanationText(t)}
        />
      </Card>

      {report.assessments.length ? <AssessmentSection report={report} w={w} t={t} /> : null}
    </article>
  );
}
