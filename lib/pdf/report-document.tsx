// The report as an A4 clinical document: header, summary table, score chart, explanation,
// one section per assessment, and a footer with the disclaimer and page numbers on every page.
import { Circle, Document, G, Line, Page, Polyline, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import { FONT_FAMILY } from "@/lib/pdf/fonts";
import { explanationParagraphs, hasChart } from "@/lib/pdf/plan";
import {
  DISCLAIMER,
  formatDate,
  formatDateTime,
  handName,
  headline,
  snapshotMetrics,
  snapshotNotes,
  typeName,
} from "@/lib/report-view/present";
import type { ReportAssessment, ReportView } from "@/lib/report-view/schemas";

const INK = "#1c2530";
const MUTED = "#5b6673";
const ACCENT = "#0f5c6e";
const RULE = "#d5dbe1";
const ZEBRA = "#f3f6f8";

const SERIES_COLORS: Record<ReportAssessment["assessmentType"], string> = {
  ROM: "#0f5c6e",
  DEXTERITY: "#c2410c",
  PAIN: "#7c3aed",
  ARTHRITIS: "#15803d",
  THUMB: "#b45309",
};

const styles = StyleSheet.create({
  page: { fontFamily: FONT_FAMILY, fontSize: 8.5, color: INK, paddingTop: 36, paddingBottom: 58, paddingHorizontal: 42 },
  runningHead: {
    position: "absolute",
    top: 16,
    left: 42,
    right: 42,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7,
    color: MUTED,
  },
  kicker: { fontSize: 7.5, fontWeight: "bold", color: ACCENT, letterSpacing: 1.2 },
  title: { fontSize: 17, fontWeight: "bold", marginTop: 4, marginBottom: 8 },
  metaRow: {
    flexDirection: "row",
    borderTopWidth: 1.5,
    borderTopColor: ACCENT,
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
    paddingVertical: 6,
    marginBottom: 12,
  },
  metaCell: { flexGrow: 1, flexBasis: 0 },
  metaLabel: { fontSize: 6.5, color: MUTED, textTransform: "uppercase", letterSpacing: 0.6 },
  metaValue: { fontSize: 9.5, fontWeight: "bold", marginTop: 1 },
  heading: { fontSize: 10.5, fontWeight: "bold", color: ACCENT, marginTop: 6, marginBottom: 5 },
  table: { borderTopWidth: 0.75, borderTopColor: INK, borderBottomWidth: 0.75, borderBottomColor: INK, marginBottom: 8 },
  tableHead: {
    flexDirection: "row",
    borderBottomWidth: 0.5,
    borderBottomColor: INK,
    paddingVertical: 2.5,
    fontWeight: "bold",
    fontSize: 7.5,
  },
  tableRow: { flexDirection: "row", paddingVertical: 1.2 },
  cellIndex: { width: 18, paddingLeft: 3 },
  cellDate: { width: 64 },
  cellType: { width: 118 },
  cellHand: { width: 62 },
  cellHeadline: { flexGrow: 1, flexBasis: 0 },
  cellCode: { width: 50, textAlign: "right", paddingRight: 3 },
  chartBox: { marginBottom: 6 },
  legend: { flexDirection: "row", justifyContent: "center", marginTop: 2 },
  legendItem: { flexDirection: "row", alignItems: "center", marginHorizontal: 6, fontSize: 7, color: MUTED },
  swatch: { width: 8, height: 8, borderRadius: 4, marginRight: 3 },
  paragraph: { marginBottom: 4, textAlign: "justify" },
  source: { fontSize: 7, color: MUTED, marginBottom: 6 },
  section: { borderWidth: 0.5, borderColor: RULE, borderRadius: 2, marginBottom: 5 },
  sectionHead: {
    flexDirection: "row",
    justifyContent: "space-between",
    backgroundColor: ZEBRA,
    paddingVertical: 2,
    paddingHorizontal: 6,
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
  },
  sectionTitle: { fontWeight: "bold", fontSize: 8.5 },
  sectionMeta: { fontSize: 7.5, color: MUTED },
  metrics: { flexDirection: "row", flexWrap: "wrap", paddingHorizontal: 6, paddingTop: 2.5, paddingBottom: 1 },
  metric: { width: "12.5%", marginBottom: 2, paddingRight: 4 },
  metricLabel: { fontSize: 6.5, color: MUTED },
  metricValue: { fontSize: 8.5, fontWeight: "bold" },
  metricMeaning: { fontSize: 7, color: INK },
  notes: { paddingHorizontal: 6, paddingBottom: 2.5, fontSize: 7.5 },
  noteLabel: { color: MUTED },
  share: { flexDirection: "row", alignItems: "center", marginTop: -6, marginBottom: 8 },
  shareCode: {
    fontSize: 8,
    fontWeight: "bold",
    color: ACCENT,
    borderWidth: 0.75,
    borderColor: ACCENT,
    borderRadius: 2,
    paddingVertical: 1.5,
    paddingHorizontal: 4,
    marginRight: 6,
    letterSpacing: 0.8,
  },
  shareText: { fontSize: 7.5, color: MUTED },
  footer: {
    position: "absolute",
    bottom: 20,
    left: 42,
    right: 42,
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 4,
    fontSize: 6.5,
    color: MUTED,
  },
  footerRow: { flexDirection: "row", justifyContent: "space-between", marginTop: 1.5 },
});

export interface ReportDocumentProps {
  report: ReportView;
  /** The public page of the report, e.g. https://example.org/r/ABC-234. */
  shareUrl: string;
  /**
   * Section indices per page (lib/pdf/plan.ts): one <Page> each, numbered statically. Without a
   * plan the sections flow and react-pdf breaks and numbers the pages itself (slower).
   */
  plan?: number[][];
}

export function ReportDocument({ report, shareUrl, plan }: ReportDocumentProps) {
  const patient = report.patientName ?? "Anonymous";
  const section = (index: number) => (
    <AssessmentSection key={report.assessments[index]!.code} item={report.assessments[index]!} index={index} />
  );
  return (
    <Document
      title={report.title}
      author="Hand Assessment"
      subject={`Hand assessment report ${report.formattedCode}`}
      creator="Hand Assessment"
      producer="Hand Assessment"
      language="en-GB"
    >
      {plan ? (
        plan.map((sections, page) => (
          <Page key={page} size="A4" style={styles.page}>
            {page > 0 ? (
              <View style={styles.runningHead} fixed>
                <RunningHead report={report} patient={patient} />
              </View>
            ) : null}
            <Footer report={report} pageLabel={`Page ${page + 1} of ${plan.length}`} />
            {page === 0 ? <Intro report={report} patient={patient} shareUrl={shareUrl} /> : null}
            {sections[0] === 0 ? <DetailsHeading /> : null}
            {sections.map(section)}
          </Page>
        ))
      ) : (
        <Page size="A4" style={styles.page}>
          <View
            style={styles.runningHead}
            fixed
            render={({ pageNumber }) => (pageNumber > 1 ? <RunningHead report={report} patient={patient} /> : null)}
          />
          <Footer report={report} />
          <Intro report={report} patient={patient} shareUrl={shareUrl} />
          {report.assessments.length ? <DetailsHeading /> : null}
          {report.assessments.map((_, index) => section(index))}
        </Page>
      )}
    </Document>
  );
}

/** On every page: the disclaimer, the report code and the page number (static when planned). */
function Footer({ report, pageLabel }: { report: ReportView; pageLabel?: string }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{DISCLAIMER}</Text>
      <View style={styles.footerRow}>
        <Text>{`Report ${report.formattedCode} · generated ${formatDate(report.createdAt)}`}</Text>
        {pageLabel ? <Text>{pageLabel}</Text> : <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />}
      </View>
    </View>
  );
}

function Intro({ report, patient, shareUrl }: { report: ReportView; patient: string; shareUrl: string }) {
  return (
    <>
      <Text style={styles.kicker}>HAND FUNCTION ASSESSMENT REPORT</Text>
      <Text style={styles.title}>{report.title}</Text>
      <View style={styles.metaRow}>
        <Meta label="Patient" value={patient} />
        <Meta label="Report date" value={formatDate(report.createdAt)} />
        <Meta label="Assessments" value={String(report.assessments.length)} />
        <Meta label="Report code" value={report.formattedCode} />
      </View>
      <View style={styles.share}>
        <Text style={styles.shareCode}>{report.formattedCode}</Text>
        <Text style={styles.shareText}>{`Share code of this report: anyone with it can open the report online at ${shareUrl}`}</Text>
      </View>

      <Text style={styles.heading}>Summary</Text>
      <SummaryTable assessments={report.assessments} />
      <ScoreChart assessments={report.assessments} />

      {report.aiExplanation ? <Explanation text={report.aiExplanation} source={report.explanationSource} /> : null}
    </>
  );
}

function DetailsHeading() {
  return (
    <Text style={styles.heading} minPresenceAhead={60}>
      Assessment details
    </Text>
  );
}

function RunningHead({ report, patient }: { report: ReportView; patient: string }) {
  return (
    <>
      <Text>{report.title}</Text>
      <Text>{`${patient} · Report ${report.formattedCode}`}</Text>
    </>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.metaCell}>
      <Text style={styles.metaLabel}>{label}</Text>
      <Text style={styles.metaValue}>{value}</Text>
    </View>
  );
}

function SummaryTable({ assessments }: { assessments: ReportAssessment[] }) {
  return (
    <View style={styles.table}>
      <View style={styles.tableHead} fixed>
        <Text style={styles.cellIndex}>#</Text>
        <Text style={styles.cellDate}>Date</Text>
        <Text style={styles.cellType}>Assessment</Text>
        <Text style={styles.cellHand}>Hand</Text>
        <Text style={styles.cellHeadline}>Headline result</Text>
        <Text style={styles.cellCode}>Code</Text>
      </View>
      {assessments.map((item, index) => (
        <View key={item.code} style={[styles.tableRow, index % 2 === 1 ? { backgroundColor: ZEBRA } : {}]} wrap={false}>
          <Text style={styles.cellIndex}>{index + 1}</Text>
          <Text style={styles.cellDate}>{formatDate(item.dateCreated)}</Text>
          <Text style={styles.cellType}>{typeName(item.assessmentType)}</Text>
          <Text style={styles.cellHand}>{handName(item.hand, true)}</Text>
          <Text style={styles.cellHeadline}>{headline(item).text}</Text>
          <Text style={styles.cellCode}>{item.formattedCode}</Text>
        </View>
      ))}
    </View>
  );
}

const CHART = { width: 511, height: 96, left: 26, right: 8, top: 6, bottom: 16 };

interface Point {
  time: number;
  score: number;
}

/** Scores (0-100, higher is better) per assessment type over time; drawn when two or more exist. */
function ScoreChart({ assessments }: { assessments: ReportAssessment[] }) {
  const series = new Map<ReportAssessment["assessmentType"], Point[]>();
  for (const item of assessments) {
    const { score } = headline(item);
    if (score === null) continue;
    const points = series.get(item.assessmentType) ?? [];
    points.push({ time: Date.parse(item.dateCreated), score });
    series.set(item.assessmentType, points);
  }
  if (!hasChart(assessments)) return null;
  const all = [...series.values()].flat();

  const times = all.map((p) => p.time);
  const first = Math.min(...times);
  const last = Math.max(...times);
  // Points sit inside the axes, so the first and last markers are not cut in half.
  const inset = 6;
  const plotWidth = CHART.width - CHART.left - CHART.right - 2 * inset;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const x = (time: number) => CHART.left + inset + (last === first ? plotWidth / 2 : ((time - first) / (last - first)) * plotWidth);
  const y = (score: number) => CHART.top + (1 - Math.min(100, Math.max(0, score)) / 100) * plotHeight;
  const sameDay = formatDate(new Date(first).toISOString()) === formatDate(new Date(last).toISOString());

  return (
    <View style={styles.chartBox} wrap={false}>
      <Text style={styles.heading}>Scores over time (0-100, higher is better)</Text>
      <Svg width={CHART.width} height={CHART.height}>
        {[0, 25, 50, 75, 100].map((tick) => (
          <G key={tick}>
            <Line
              x1={CHART.left}
              x2={CHART.width - CHART.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? MUTED : RULE}
              strokeWidth={tick === 0 ? 0.75 : 0.5}
            />
            <Text x={CHART.left - 4} y={y(tick) + 2} style={{ fontSize: 6, fontFamily: FONT_FAMILY }} fill={MUTED} textAnchor="end">
              {String(tick)}
            </Text>
          </G>
        ))}
        <Text x={CHART.left + inset} y={CHART.height - 3} style={{ fontSize: 6, fontFamily: FONT_FAMILY }} fill={MUTED}>
          {formatDate(new Date(first).toISOString())}
        </Text>
        {sameDay ? null : (
          <Text
            x={CHART.width - CHART.right - inset}
            y={CHART.height - 3}
            style={{ fontSize: 6, fontFamily: FONT_FAMILY }}
            fill={MUTED}
            textAnchor="end"
          >
            {formatDate(new Date(last).toISOString())}
          </Text>
        )}
        {[...series.entries()].map(([type, points]) => {
          const sorted = [...points].sort((a, b) => a.time - b.time);
          const color = SERIES_COLORS[type];
          return (
            <G key={type}>
              {sorted.length > 1 ? (
                <Polyline
                  points={sorted.map((p) => `${x(p.time)},${y(p.score)}`).join(" ")}
                  stroke={color}
                  strokeWidth={1.25}
                  fill="none"
                />
              ) : null}
              {sorted.map((p, i) => (
                <Circle key={i} cx={x(p.time)} cy={y(p.score)} r={2} fill={color} />
              ))}
            </G>
          );
        })}
      </Svg>
      <View style={styles.legend}>
        {[...series.keys()].map((type) => (
          <View key={type} style={styles.legendItem}>
            <View style={[styles.swatch, { backgroundColor: SERIES_COLORS[type] }]} />
            <Text>{type === "PAIN" ? "Pain score (100 = no pain)" : typeName(type)}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

function Explanation({ text, source }: { text: string; source: ReportView["explanationSource"] }) {
  const paragraphs = explanationParagraphs(text);
  return (
    <View>
      <Text style={styles.heading}>What these results say</Text>
      {paragraphs.map((paragraph, i) => (
        <Text key={i} style={styles.paragraph}>
          {paragraph}
        </Text>
      ))}
      <Text style={styles.source}>
        {source === "ai"
          ? "Written by a language model from the numbers in this report."
          : "Standard summary generated from the numbers in this report."}
      </Text>
    </View>
  );
}

function AssessmentSection({ item, index }: { item: ReportAssessment; index: number }) {
  const metrics = snapshotMetrics(item);
  const notes = snapshotNotes(item);
  return (
    <View style={styles.section} wrap={false}>
      <View style={styles.sectionHead}>
        <Text style={styles.sectionTitle}>{`${index + 1}. ${typeName(item.assessmentType)} · ${handName(item.hand)}`}</Text>
        <Text style={styles.sectionMeta}>{`${formatDateTime(item.dateCreated)} · Code ${item.formattedCode}`}</Text>
      </View>
      {metrics.length ? (
        <View style={styles.metrics}>
          {/* One paragraph per metric (label, value, meaning as runs): a third of the layout nodes. */}
          {metrics.map((metric) => (
            <Text key={metric.label} style={styles.metric}>
              <Text style={styles.metricLabel}>{`${metric.label}\n`}</Text>
              <Text style={styles.metricValue}>{metric.value}</Text>
              {metric.meaning ? <Text style={styles.metricMeaning}>{`\n${metric.meaning}`}</Text> : null}
            </Text>
          ))}
        </View>
      ) : (
        <Text style={[styles.notes, { paddingTop: 3 }]}>No results were recorded for this assessment.</Text>
      )}
      {notes.length ? (
        <Text style={styles.notes}>
          {notes.map((note, i) => [
            <Text key={`${note.label}-label`} style={styles.noteLabel}>
              {`${note.label}: `}
            </Text>,
            // The gap ends with one plain space: react-pdf treats a run boundary after any other
            // whitespace as a hyphenation point and would print a stray hyphen there.
            <Text
              key={note.label}
            >{`${/[.!?]$/.test(note.text) ? note.text : `${note.text}.`}${i < notes.length - 1 ? "\u2003 " : ""}`}</Text>,
          ])}
        </Text>
      ) : null}
    </View>
  );
}
