// A patient's whole history as an A4 document a clinician files: a header with the patient's
// identifiers and clinical context, the period covered and who exported it when; the goals, the
// score chart, the joint-by-date goniometry table (wrist rows with their reference range) and one
// table per test with every result on its own measure, its other measurements and the camera's
// measurement quality; a signature line. In the reader's language. The chart and the goniometry
// table are the report's own (report-document.tsx).
import { useContext } from "react";
import { Document, Page, Text, View } from "@react-pdf/renderer";
import type { z } from "zod";
import { kindOf } from "@/lib/assessments/kinds";
import type { GoniometryTable } from "@/lib/assessments/goniometry";
import type { goal } from "@/lib/goals/schemas";
import type { Locale } from "@/lib/i18n/locales";
import { ClockContext, Goniometry, ScoreChart, styles, WordsContext, ZEBRA } from "@/lib/pdf/report-document";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import {
  formatDate,
  formatDateTime,
  formatMetric,
  handName,
  headline,
  kindMetrics,
  metricLabel,
  typeName,
} from "@/lib/report-view/present";
import type { ReportAssessment } from "@/lib/report-view/schemas";
import { wordsFor, type Words } from "@/lib/report-view/words";

export interface HistoryPatient {
  id: number;
  name: string | null;
  /** ISO days. */
  dateOfBirth: string | null;
  injury: string | null;
  surgeryType: string | null;
  surgeryDate: string | null;
  /** Whole weeks from the surgery to the export. */
  weeksSinceSurgery: number | null;
  affectedHand: string | null;
  dominantHand: string | null;
}

export interface HistoryView {
  language: Locale;
  patient: HistoryPatient;
  /** The name (else e-mail) of whoever exported it; null when unknown. */
  exportedBy: string | null;
  createdAt: string;
  /** Oldest first. */
  assessments: ReportAssessment[];
  /** The patient's older records past the export's cap, not in `assessments` (0 when none). */
  recordsLeftOut: number;
  /** Each camera result's measurement quality in words, by record code. */
  quality: Record<string, string>;
  goniometry: GoniometryTable[];
  goals: z.output<typeof goal>[];
  /** The care team's signed notes, oldest first. */
  notes: HistoryNote[];
}

export interface HistoryNote {
  createdAt: string;
  /** "Dr Ana Ruiz, Clínica Norte": the author as signed. */
  author: string;
  text: string;
  /** When the note this one corrects was written; null when it corrects none. */
  corrects: string | null;
  /** The code of the result it is about; null when none. */
  about: string | null;
}

const patientOf = (view: HistoryView, w: Words) => view.patient.name ?? w.t("history.unnamed", { id: view.patient.id });

/** An ISO day as the clock's locale writes a date (the day itself, whatever the zone). */
const dayOf = (value: string, clock: Clock) => formatDate(`${value}T00:00:00Z`, { timeZone: "UTC", locale: clock.locale });

/** The kinds present, in the order of their first result, each with its results oldest first. */
function byKind(assessments: ReportAssessment[]): [ReportAssessment["assessmentType"], ReportAssessment[]][] {
  const groups = new Map<ReportAssessment["assessmentType"], ReportAssessment[]>();
  for (const item of assessments) groups.set(item.assessmentType, [...(groups.get(item.assessmentType) ?? []), item]);
  return [...groups];
}

/** The record's figures other than its measure (the Result column has it), each with its unit. */
const metricsLine = (item: ReportAssessment, w: Words) => {
  const kind = kindOf(item.assessmentType);
  if (!kind) return "";
  return kindMetrics(kind, item.resultSnapshot, w)
    .filter(({ spec }) => spec.key !== kind.measure)
    .map(({ label, value }) => `${label} ${value}`)
    .join(" · ");
};

/** "Range of motion: Wrist extension ≥ 60°", in the reader's language. */
function goalText(g: HistoryView["goals"][number], w: Words): string {
  const kind = kindOf(g.test);
  const spec = kind?.metrics.find((metric) => metric.key === g.metric);
  if (!kind || !spec) return g.text;
  const target = formatMetric(spec, g.target, w);
  return `${typeName(kind.type as ReportAssessment["assessmentType"], w)}: ${metricLabel(kind, spec, w)} ${g.direction === "atLeast" ? "≥" : "≤"} ${target}`;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View style={[styles.metaCell, { paddingRight: 6 }]}>
      <Text style={[styles.metaLabel, { textTransform: "none", letterSpacing: 0 }]}>{label}</Text>
      <Text style={[styles.metaValue, { fontSize: 8.5 }]}>{value}</Text>
    </View>
  );
}

function Header({ view }: { view: HistoryView }) {
  const clock = useContext(ClockContext);
  const w = useContext(WordsContext);
  const { t } = w;
  const p = view.patient;
  const none = t("history.notStated");
  const hand = (value: string | null) => (value ? handName(value, false, w) : none);
  const surgery = p.surgeryDate
    ? [
        p.surgeryType ? t("history.surgeryValue", { type: p.surgeryType, date: dayOf(p.surgeryDate, clock) }) : dayOf(p.surgeryDate, clock),
        p.weeksSinceSurgery !== null && p.weeksSinceSurgery >= 0 ? t("history.weeksSince", { weeks: p.weeksSinceSurgery }) : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : (p.surgeryType ?? none);
  const first = view.assessments[0];
  const last = view.assessments.at(-1);
  const period =
    first && last
      ? t("history.periodValue", { from: formatDate(first.dateCreated, clock), to: formatDate(last.dateCreated, clock) })
      : t("history.noPeriod");
  return (
    <View style={[styles.metaRow, { flexDirection: "column" }]}>
      <View style={{ flexDirection: "row", marginBottom: 4 }}>
        <Field label={t("history.patient")} value={patientOf(view, w)} />
        <Field label={t("history.born")} value={p.dateOfBirth ? dayOf(p.dateOfBirth, clock) : none} />
        <Field label={t("history.record")} value={String(p.id)} />
        <Field label={t("history.period")} value={period} />
      </View>
      <View style={{ flexDirection: "row" }}>
        <Field label={t("history.diagnosis")} value={p.injury ?? none} />
        <Field label={t("history.surgery")} value={surgery} />
        <Field label={t("history.affectedHand")} value={hand(p.affectedHand)} />
        <Field label={t("history.dominantHand")} value={hand(p.dominantHand)} />
      </View>
    </View>
  );
}

function Goals({ goals }: { goals: HistoryView["goals"] }) {
  const clock = useContext(ClockContext);
  const w = useContext(WordsContext);
  const { t } = w;
  return (
    <View wrap={false}>
      <Text style={styles.heading}>{t("history.goals")}</Text>
      {goals.length === 0 ? (
        <Text style={[styles.details, { marginTop: 0 }]}>{t("history.noGoals")}</Text>
      ) : (
        <View style={styles.table}>
          <View style={styles.tableHead}>
            <Text style={[styles.cellSeries, { width: 240, paddingRight: 6 }]}>{t("history.goal")}</Text>
            <Text style={[styles.cellFirst, { paddingRight: 6 }]}>{t("history.latest")}</Text>
            <Text style={styles.cellChange}>{t("history.reached")}</Text>
          </View>
          {goals.map((g, index) => (
            <View key={`${g.test}:${g.metric}`} style={[styles.tableRow, index % 2 === 1 ? { backgroundColor: ZEBRA } : {}]}>
              <Text
                style={[styles.cellSeries, { width: 240, paddingRight: 6 }]}
              >{`${goalText(g, w)} (${t(`history.setBy.${g.setBy}`)})`}</Text>
              <Text style={[styles.cellFirst, { paddingRight: 6 }]}>
                {g.latest ? `${formatMetric({ unit: g.unit }, g.latest.value, w)} · ${formatDate(g.latest.date, clock)}` : "–"}
              </Text>
              <Text style={styles.cellChange}>{g.latest ? (g.latest.reached ? t("history.yes") : t("history.notYet")) : "–"}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  );
}

const COLUMN = {
  date: { width: 62, paddingLeft: 3, paddingRight: 6 },
  hand: { width: 56, paddingRight: 6 },
  result: { width: 118, paddingRight: 6 },
  metrics: { flexGrow: 1, flexBasis: 0, paddingRight: 6 },
  quality: { width: 96, paddingRight: 3 },
} as const;

function TestTable({
  type,
  items,
  quality,
}: {
  type: ReportAssessment["assessmentType"];
  items: ReportAssessment[];
  quality: HistoryView["quality"];
}) {
  const clock = useContext(ClockContext);
  const w = useContext(WordsContext);
  const { t } = w;
  const camera = items.some((item) => quality[item.code]);
  return (
    <View>
      <Text style={styles.heading} minPresenceAhead={40}>
        {typeName(type, w)}
      </Text>
      <View style={styles.table}>
        <View style={styles.tableHead} fixed>
          <Text style={COLUMN.date}>{t("history.date")}</Text>
          <Text style={COLUMN.hand}>{t("history.hand")}</Text>
          <Text style={COLUMN.result}>{t("history.result")}</Text>
          <Text style={COLUMN.metrics}>{t("history.metrics")}</Text>
          {camera ? <Text style={COLUMN.quality}>{t("history.qualityColumn")}</Text> : null}
        </View>
        {items.map((item, index) => (
          <View key={item.code} style={[styles.tableRow, index % 2 === 1 ? { backgroundColor: ZEBRA } : {}]} wrap={false}>
            <Text style={COLUMN.date}>{formatDate(item.dateCreated, clock)}</Text>
            <Text style={COLUMN.hand}>{handName(item.hand, true, w)}</Text>
            <Text style={COLUMN.result}>{headline(item, w).text.split(" · ")[0]}</Text>
            <Text style={COLUMN.metrics}>{metricsLine(item, w)}</Text>
            {camera ? <Text style={COLUMN.quality}>{quality[item.code] ?? "–"}</Text> : null}
          </View>
        ))}
      </View>
    </View>
  );
}

const NOTE = { signed: { fontSize: 8, fontWeight: "bold" }, aside: { fontSize: 8, marginTop: 1 } } as const;

function Notes({ notes }: { notes: HistoryNote[] }) {
  const clock = useContext(ClockContext);
  const { t } = useContext(WordsContext);
  return (
    <View>
      <Text style={styles.heading} minPresenceAhead={40}>
        {t("history.notes")}
      </Text>
      {notes.length === 0 ? <Text style={[styles.details, { marginTop: 0 }]}>{t("history.noNotes")}</Text> : null}
      {notes.map((note, index) => (
        <View key={`${note.createdAt}:${index}`} wrap={false} style={{ marginBottom: 6 }}>
          <Text style={NOTE.signed}>{t("history.noteBy", { date: formatDateTime(note.createdAt, clock), author: note.author })}</Text>
          <Text>{note.text}</Text>
          {note.corrects ? (
            <Text style={NOTE.aside}>{t("history.noteCorrects", { date: formatDateTime(note.corrects, clock) })}</Text>
          ) : null}
          {note.about ? <Text style={NOTE.aside}>{t("history.noteAbout", { code: note.about })}</Text> : null}
        </View>
      ))}
    </View>
  );
}

function Signature() {
  const { t } = useContext(WordsContext);
  const line = { borderBottomWidth: 0.75, borderBottomColor: "#1c2530", height: 22, marginBottom: 2 };
  return (
    <View wrap={false} style={{ flexDirection: "row", marginTop: 18 }}>
      {[
        [t("history.signature"), 2],
        [t("history.signatureName"), 2],
        [t("history.signatureDate"), 1],
      ].map(([label, grow]) => (
        <View key={label} style={{ flexGrow: Number(grow), flexBasis: 0, marginRight: 12 }}>
          <View style={line} />
          <Text style={styles.metaLabel}>{label}</Text>
        </View>
      ))}
    </View>
  );
}

export function HistoryDocument({ view, fonts, clock = UTC_CLOCK }: { view: HistoryView; fonts: string[]; clock?: Clock }) {
  const w = wordsFor(view.language);
  const { t } = w;
  const patient = patientOf(view, w);
  const title = t("history.title");
  const zone = clock.timeZone === "UTC" ? t("history.zoneUtc") : t("history.zoneNamed", { zone: clock.timeZone.replace(/_/g, " ") });
  return (
    <Document
      title={`${title}: ${patient}`}
      author={t("pdf.producer")}
      subject={`${title}: ${patient}`}
      creator={t("pdf.producer")}
      producer={t("pdf.producer")}
      language={clock.locale.split("-")[0] === view.language ? clock.locale : view.language}
    >
      <WordsContext.Provider value={w}>
        <ClockContext.Provider value={clock}>
          <Page size="A4" style={[styles.page, { fontFamily: fonts }]}>
            <View style={styles.footer} fixed>
              <Text>{t("email.disclaimer")}</Text>
              <View style={styles.footerRow}>
                <Text>{t("history.footer", { title, patient, date: formatDate(view.createdAt, clock), zone })}</Text>
                <Text render={({ pageNumber, totalPages }) => t("pdf.page", { page: pageNumber, pages: totalPages })} />
              </View>
            </View>
            <Text style={styles.kicker}>{t("history.kicker")}</Text>
            <Text style={styles.title}>{`${title}: ${patient}`}</Text>
            <Header view={view} />
            <Text style={[styles.details, { marginTop: -6 }]}>
              {t("history.exported", { who: view.exportedBy ?? t("history.someone"), when: formatDateTime(view.createdAt, clock) })}
            </Text>
            {view.recordsLeftOut > 0 ? (
              <Text style={[styles.details, { marginTop: 0, fontWeight: "bold" }]}>
                {t("history.leftOut", { count: view.recordsLeftOut, shown: view.assessments.length })}
              </Text>
            ) : null}
            <Goals goals={view.goals} />
            <ScoreChart assessments={view.assessments} font={fonts[0]!} />
            {view.goniometry.length ? <Goniometry tables={view.goniometry} /> : null}
            <Text style={styles.heading}>{t("history.byTest")}</Text>
            {view.assessments.length === 0 ? <Text style={styles.details}>{t("history.noResults")}</Text> : null}
            {byKind(view.assessments).map(([type, items]) => (
              <TestTable key={type} type={type} items={items} quality={view.quality} />
            ))}
            <Notes notes={view.notes} />
            <Signature />
          </Page>
        </ClockContext.Provider>
      </WordsContext.Provider>
    </Document>
  );
}
