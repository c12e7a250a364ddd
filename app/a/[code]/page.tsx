import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import type { z } from "zod";
import { ArrivalFocus } from "@/components/assessment/arrival-focus";
import { AssessmentActions } from "@/components/assessment/code-actions";
import { PoorLightNotice } from "@/components/assessment/poor-light-notice";
import { SnapshotView } from "@/components/assessment/snapshot-figures";
import { headlineScore } from "@/components/assessment/snapshot-view";
import { GoniometryTables } from "@/components/goniometry/goniometry-table";
import { SampleNotice } from "@/components/sample/sample-notice";
import { GlanceStrip, type GlanceTest } from "@/components/patients/glance";
import { Unavailable } from "@/components/site/unavailable";
import { Alert, Badge, Card, PageHeading } from "@/components/ui";
import { When } from "@/components/ui/when";
import { goniometryTables, measurementsOf, recordedInPoorLight } from "@/lib/assessments/goniometry";
import { KINDS } from "@/lib/assessments/kinds";
import type { Locale } from "@/lib/i18n/locales";
import type { lookupResponse } from "@/lib/lookup/schemas";
import type { assessmentsResponse } from "@/lib/patients/schemas";
import { callApi } from "@/lib/web/api";
import { webSignInEnabled } from "@/lib/env";
import { currentUser } from "@/lib/web/auth";
import { handName, kindName } from "@/lib/report-view/present";
import { wordsFor, type Words } from "@/lib/report-view/words";

type Lookup = z.output<typeof lookupResponse>;

// One look-up (one counted view) for the title and the page.
const lookUp = cache((code: string) => callApi<Lookup>(`/lookup/${encodeURIComponent(code)}`));

/** The title names the test and the code: "Range of motion · ABC-234". */
export async function generateMetadata({ params }: { params: Promise<{ code: string }> }): Promise<Metadata> {
  const t = await getTranslations("assessmentPage");
  const result = await lookUp((await params).code);
  if (!result.ok) return { title: t("title") };
  const w = wordsFor((await getLocale()) as Locale);
  return { title: t("titleOf", { test: kindName(result.data.assessmentType, w), code: result.data.formattedCode }) };
}

type History = z.output<typeof assessmentsResponse>;

/**
 * The strip for one result. When the record is in the viewer's own account, its change since
 * the first and the previous result of the same test and hand comes from their history.
 */
async function glanceOf(a: Lookup, signedIn: boolean): Promise<{ test: GlanceTest; own: boolean } | null> {
  const score = headlineScore(a.assessmentType, a.resultSnapshot);
  if (score === null) return null;
  const test: GlanceTest = {
    test: a.assessmentType,
    hand: a.hand,
    score,
    date: a.dateCreated,
    previousScore: null,
    previousDate: null,
    firstScore: score,
    firstDate: a.dateCreated,
    trend: "insufficient",
  };
  if (!signedIn || a.isAnonymous) return { test, own: false };
  const history = await callApi<History>(`/patients/me/assessments?type=${a.assessmentType}&limit=200`);
  const same = history.ok
    ? history.data.assessments.filter((h) => h.hand === a.hand && headlineScore(h.assessmentType, h.resultSnapshot) !== null)
    : [];
  const at = same.findIndex((h) => h.code === a.code);
  if (at < 0) return { test, own: false };
  const previous = same[at + 1];
  const first = same.at(-1)!;
  return {
    own: true,
    test: {
      ...test,
      previousScore: previous ? headlineScore(previous.assessmentType, previous.resultSnapshot) : null,
      previousDate: previous?.dateCreated ?? null,
      firstScore: headlineScore(first.assessmentType, first.resultSnapshot)!,
      firstDate: first.dateCreated,
    },
  };
}

/**
 * A range-of-motion record recorded in poor light, with its stored results (the wrist's share of
 * usable frames, which the look-up does not carry); null for any other record.
 */
async function cameraDetail(a: Lookup): Promise<{ resultSnapshot: Record<string, unknown>; results: unknown } | null> {
  if (a.assessmentType !== KINDS.ROM.type || !recordedInPoorLight(a)) return null;
  const detail = await callApi<{ resultSnapshot: Record<string, unknown>; results: unknown }>(`/assessments/${a.code}/results`);
  return detail.ok ? detail.data : null;
}

type PageText = Awaited<ReturnType<typeof getTranslations<"assessmentPage">>>;

/** The record's code, hand and date, and whether it is a sample, expires or is in an account. */
function AssessmentHeading({ a, w, t }: { a: Lookup; w: Words; t: PageText }) {
  return (
    <PageHeading title={kindName(a.assessmentType, w)}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="whitespace-nowrap">
          {t("code")} <span className="font-mono font-semibold text-slate-900">{a.formattedCode}</span>
        </span>
        <span aria-hidden="true">·</span>
        <span>{a.hand ? handName(a.hand, false, w) : t("handNotRecorded")}</span>
        <span aria-hidden="true">·</span>
        <When value={a.dateCreated} />
        {a.isSample ? (
          <Badge tone="amber">{t("sample")}</Badge>
        ) : a.isAnonymous ? (
          <Badge tone="amber">
            {t("expires")}&nbsp;
            <When value={a.expiresAt} kind="date" />
          </Badge>
        ) : (
          <Badge tone="teal">{t("inAccount")}</Badge>
        )}
      </p>
    </PageHeading>
  );
}

function actionsText(t: PageText) {
  return {
    keep: t("keep"),
    signIn: t("signIn"),
    signInToKeep: t("signInToKeep"),
    belongs: t("belongs"),
    claimed: t("claimed"),
    expired: t("expired"),
    claiming: t("claiming"),
    claim: t("claim"),
    openDashboard: t("openDashboard"),
    emailLabel: t("emailLabel"),
    emailButton: t("emailButton"),
    sent: t("sent"),
    notSetUp: t("notSetUp"),
    invalidAddress: t("invalidAddress"),
    sending: t("sending"),
    failed: t("failed"),
  };
}

/** The results card and, when finger joints were measured, their table. */
function ResultCards({ a, w, t }: { a: Lookup; w: Words; t: PageText }) {
  const goniometry = goniometryTables(measurementsOf([a]));
  return (
    <div className="lg:col-span-2">
      <Card title={t("results")}>
        <SnapshotView type={a.assessmentType} snapshot={a.resultSnapshot} w={w} />
      </Card>
      {goniometry.length ? (
        <Card title={t("fingerJoints")} className="mt-6">
          <GoniometryTables tables={goniometry} />
        </Card>
      ) : null}
    </div>
  );
}

export default async function AssessmentPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const [result, user] = await Promise.all([lookUp(code), currentUser()]);
  if (result.status === 400 || result.status === 404) notFound();
  if (result.status === 503) return <Unavailable path={`/a/${encodeURIComponent(code)}`} what="result" />;
  const t = await getTranslations("assessmentPage");
  if (result.status === 429) return <Alert>{t("tooMany")}</Alert>;
  if (!result.ok) throw new Error(`lookup answered ${result.status}`);
  const w = wordsFor((await getLocale()) as Locale);
  const a = result.data;
  const [glance, detail] = await Promise.all([glanceOf(a, Boolean(user)), cameraDetail(a)]);

  return (
    <div className="space-y-6">
      <AssessmentHeading a={a} w={w} t={t} />
      <ArrivalFocus />
      {a.isSample && <SampleNotice />}
      <PoorLightNotice record={detail ?? a} w={w} />
      {glance && (
        <div className="space-y-1">
          <GlanceStrip tests={[glance.test]} title={t("glanceTitle")} />
          {!glance.own && <p className="text-xs text-slate-700">{t("glanceLater")}</p>}
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <ResultCards a={a} w={w} t={t} />
        {!a.isSample && (
          <AssessmentActions
            code={a.code}
            signedIn={Boolean(user)}
            canSignIn={webSignInEnabled()}
            isAnonymous={a.isAnonymous}
            text={actionsText(t)}
          />
        )}
      </div>
    </div>
  );
}
