// A patient's whole history as an A4 document for their clinician (or themselves): the goals,
// the score chart, the joint-by-date goniometry table and one table per test with every result
// and its metrics. The chart and the goniometry table are the report's own (report-document.tsx).
import { useContext } from "react";
import { Document, Page, Text, View } from "@react-pdf/renderer";
import type { z } from "zod";
import { kindOf } from "@/lib/assessments/kinds";
import type { GoniometryTable } from "@/lib/assessments/goniometry";
import type { goal } from "@/lib/goals/schemas";
import { ClockContext, Goniometry, ScoreChart, styles, ZEBRA } from "@/lib/pdf/report-document";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import { formatDate, formatMetric, handName, headline, kindMetrics } from "@/lib/report-view/present";
import { ENGLISH } from "@/lib/report-view/words";
import type { ReportAssessment } from "@/lib/report-view/schemas";

export interface HistoryView {
  patientId: number;
  patientName: string | null;
  createdAt: string;
  /** Oldest first. */
  assessments: ReportAssessment[];
  goniometry: GoniometryTable[];
  goals: z.output<typeof goal>[];
}

export const HISTORY_TEXT = {
  kicker: "HAND FUNCTION HISTORY",
  title: "Assessment history",
  goals: "Goals",
  noGoals: "No goals set.",
  goal: "Goal",
  latest: "Latest",
  reached: "Reached",
  setBy: { patient: "set by the patient", clinician: "set by a clinician" },
  byTest: "Results by test",
  noResults: "No assessments recorded.",
  date: "Date",
  hand: "Hand",
  score: "Result",
  metrics: "Measurements",
} as const;

const patientOf = (view: HistoryView) => view.patientName ?? `Patient ${view.patientId}`;

/** The kinds present, in the order of their first result, each with its results oldest first. */
function byKind(assessments: ReportAssessment[]): [string, ReportAssessment[]][] {
  const groups = new Map<string, ReportAssessment[]>();
  for (const item of assessments) groups.set(item.assessmentType, [...(groups.get(item.assessmentType) ?? []), item]);
  return [...groups];
}

/** The record's figures other than its measure (the Result column has it), each with its unit. */
const metricsLine = (item: ReportAssessment) => {
  const kind = kindOf(item.assessmentType);
  if (!kind) return "";
  return kindMetrics(kind, item.resultSnapshot)
    .filter(({ spec }) => spec.key !== kind.measure)
    .map(({ label, value }) => `${label} ${value}`)
    .join(" · ");
};

function Goals({ goals }: { goals: HistoryView["goals"] }) {
  const clock = useContext(ClockContext);
  return (
    <View wrap={false}>
      <Text style={styles.heading}>{HISTORY_TEXT.goals}</Text>
      {goals.length === 0 ? (
        <Text style={styles.details}>{HISTORY_TEXT.noGoals}</Text>
      ) : (
        <View style={styles.table}>
          <View style={styles.tableHead}>
            <Text style={styles.cellSeries}>{HISTORY_TEXT.goal}</Text>
            <Text style={styles.cellFirst}>{HISTORY_TEXT.latest}</Text>
            <Text style={styles.cellChange}>{HISTORY_TEXT.reached}</Text>
          </View>
          {goals.map((g, index) => {
            const spec = { unit: g.unit };
            return (
              <View key={`${g.test}:${g.metric}`} style={[styles.tableRow, index % 2 === 1 ? { backgroundColor: ZEBRA } : {}]}>
                <Text
                  style={styles.cellSeries}
                >{`${kindOf(g.test)?.shortName ?? g.test}: ${g.text} (${HISTORY_TEXT.setBy[g.setBy]})`}</Text>
                <Text style={styles.cellFirst}>
                  {g.latest ? `${formatMetric(spec, g.latest.value)} · ${formatDate(g.latest.date, clock)}` : "–"}
                </Text>
                <Text style={styles.cellChange}>{g.latest ? (g.latest.reached ? "yes" : "not yet") : "–"}</Text>
              </View>
            );
          })}
        </View>
      )}
    </View>
  );
}

function TestTable({ type, items }: { type: string; items: ReportAssessment[] }) {
  const clock = useContext(ClockContext);
  return (
    <View>
      <Text style={styles.heading} minPresenceAhead={40}>
        {kindOf(type)?.name ?? type}
      </Text>
      <View style={styles.table}>
        <View style={styles.tableHead} fixed>
          <Text style={styles.cellDate}>{HISTORY_TEXT.date}</Text>
          <Text style={styles.cellHand}>{HISTORY_TEXT.hand}</Text>
          <Text style={styles.cellHand}>{HISTORY_TEXT.score}</Text>
          <Text style={styles.cellHeadline}>{HISTORY_TEXT.metrics}</Text>
        </View>
        {items.map((item, index) => (
          <View key={item.code} style={[styles.tableRow, index % 2 === 1 ? { backgroundColor: ZEBRA } : {}]} wrap={false}>
            <Text style={styles.cellDate}>{formatDate(item.dateCreated, clock)}</Text>
            <Text style={styles.cellHand}>{handName(item.hand, true)}</Text>
            <Text style={styles.cellHand}>{headline(item).text}</Text>
            <Text style={styles.cellHeadline}>{metricsLine(item)}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

export function HistoryDocument({ view, fonts, clock = UTC_CLOCK }: { view: HistoryView; fonts: string[]; clock?: Clock }) {
  const patient = patientOf(view);
  return (
    <Document
      title={`${HISTORY_TEXT.title}: ${patient}`}
      author="Hand Assessment"
      subject={`${HISTORY_TEXT.title} of ${patient}: ${view.assessments.length} assessments`}
      creator="Hand Assessment"
      producer="Hand Assessment"
      language="en-GB"
    >
      <ClockContext.Provider value={clock}>
        <Page size="A4" style={[styles.page, { fontFamily: fonts }]}>
          <View style={styles.footer} fixed>
            <Text>{ENGLISH.t("email.disclaimer")}</Text>
            <View style={styles.footerRow}>
              <Text>{`${HISTORY_TEXT.title} · ${patient} · generated ${formatDate(view.createdAt, clock)} · dates in ${clock.timeZone === "UTC" ? "UTC" : `${clock.timeZone.replace(/_/g, " ")} time`}`}</Text>
              <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
            </View>
          </View>
          <Text style={styles.kicker}>{HISTORY_TEXT.kicker}</Text>
          <Text style={styles.title}>{`${HISTORY_TEXT.title}: ${patient}`}</Text>
          <Goals goals={view.goals} />
          <ScoreChart assessments={view.assessments} font={fonts[0]!} />
          {view.goniometry.length ? <Goniometry tables={view.goniometry} /> : null}
          <Text style={styles.heading}>{HISTORY_TEXT.byTest}</Text>
          {view.assessments.length === 0 ? <Text style={styles.details}>{HISTORY_TEXT.noResults}</Text> : null}
          {byKind(view.assessments).map(([type, items]) => (
            <TestTable key={type} type={type} items={items} />
          ))}
        </Page>
      </ClockContext.Provider>
    </Document>
  );
}
