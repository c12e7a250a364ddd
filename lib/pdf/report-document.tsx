// The report as an A4 clinical document: header, summary table, score chart, explanation,
// one section per assessment, and a footer with the disclaimer and page numbers on every page.
import { createContext, Fragment, useContext } from "react";
import { Circle, Document, G, Line, Page, Polyline, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import { formatChange, jointNotation, type GoniometryCell, type GoniometryTable, type GoniometryTam } from "@/lib/assessments/goniometry";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { EXPLANATION, explanationParagraphs, GONIOMETRY, pdfGoniometry } from "@/lib/pdf/plan";
import {
  formatDate,
  formatShortDate,
  handName,
  headline,
  jointName,
  snapshotMetrics,
  snapshotNotes,
  typeName,
} from "@/lib/report-view/present";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import type { ReportAssessment, ReportView } from "@/lib/report-view/schemas";
import {
  axisTicks,
  changes,
  chartGroups,
  chartScales,
  chartSeries,
  type ChartGroup,
  type Series,
  weekTicks,
  hasChart,
  ownershipNotice,
  clinicalDetails,
  madeByLine,
  patientDetails,
  patientLabel,
  reportHeading,
  sectionMeta,
  senderTitle,
} from "@/lib/report-view/summary";
import { ENGLISH, wordsFor, type Words } from "@/lib/report-view/words";

const INK = "#1c2530";
const MUTED = "#5b6673";
const ACCENT = "#0f5c6e";
const RULE = "#d5dbe1";
export const ZEBRA = "#f3f6f8";

const WARN = "#92400e";
const WARN_BG = "#fef3c7";

/** Shared with the history PDF (lib/pdf/history-document.tsx), which draws the same tables and chart. */
export const styles = StyleSheet.create({
  page: { fontSize: 8.5, color: INK, paddingTop: 36, paddingBottom: 58, paddingHorizontal: 42 },
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
  details: { fontSize: 8, color: INK, marginTop: -8, marginBottom: 8 },
  notice: {
    fontSize: 8,
    color: WARN,
    backgroundColor: WARN_BG,
    borderLeftWidth: 2,
    borderLeftColor: WARN,
    paddingVertical: 3,
    paddingHorizontal: 6,
    marginBottom: 8,
  },
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
  cellSeries: { width: 160, paddingLeft: 3 },
  cellFirst: { flexGrow: 1, flexBasis: 0 },
  cellChange: { width: 100, textAlign: "right", paddingRight: 3 },
  gonioCaption: { fontSize: 7.5, fontWeight: "bold", marginBottom: 2 },
  gonioRow: { flexDirection: "row", paddingVertical: 1.2, fontSize: 7 },
  gonioFinger: { fontWeight: "bold", color: MUTED, paddingLeft: 3 },
  gonioJoint: { width: 52, paddingLeft: 3 },
  gonioNormal: { width: 44, color: MUTED },
  gonioCell: { flexGrow: 1, flexBasis: 0, textAlign: "right", paddingRight: 3 },
  gonioLegend: { fontSize: 7, color: MUTED, marginBottom: 4 },
  warn: { color: WARN, fontWeight: "bold" },
  chartBox: { marginBottom: 6 },
  chartAxis: { fontSize: 7, color: MUTED, marginBottom: 2 },
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
  /** Font families, first choice first (lib/pdf/fonts.ts fontStack): each run takes the first that has its characters. */
  fonts: string[];
  /** Whose clock the dates are on (the person who asked for the PDF), named in every footer; UTC by default. */
  clock?: Clock;
  /** The language the document is written in (the asker's; the PDF's /Lang says it); English by default. */
  language?: Locale;
}

export const ClockContext = createContext<Clock>(UTC_CLOCK);
export const WordsContext = createContext<Words>(ENGLISH);

/** The document language a PDF reader announces: the language, with the region its dates follow when that is the same language. */
function documentLanguage(language: Locale, clock: Clock): string {
  return clock.locale.split("-")[0] === language ? clock.locale : language;
}

/** What the PDF says about itself (its document information and language). */
function documentInfo(report: ReportView, patient: string, w: Words, language: Locale, clock: Clock) {
  const t = w.t;
  return {
    title: reportHeading(report, w),
    author: t("pdf.author", { name: report.patient?.name ?? t("pdf.authorReport"), code: report.formattedCode }),
    subject: t("pdf.subject", { code: report.formattedCode, count: report.assessments.length, patient }),
    keywords: t("pdf.keywords"),
    creator: t("pdf.producer"),
    producer: t("pdf.producer"),
    language: documentLanguage(language, clock),
  };
}

/**
 * The body block at `index` (lib/pdf/plan.ts): the explanation, the goniometry tables, or that
 * assessment's section, the first under the details heading.
 */
function bodyBlock(report: ReportView, goniometry: GoniometryTable[], index: number) {
  return index === EXPLANATION ? (
    <Explanation key="explanation" text={report.aiExplanation ?? ""} source={report.explanationSource} />
  ) : index === GONIOMETRY ? (
    <Goniometry key="goniometry" tables={goniometry} />
  ) : (
    <Fragment key={report.assessments[index]!.code}>
      {index === 0 ? <DetailsHeading /> : null}
      <AssessmentSection item={report.assessments[index]!} index={index} />
    </Fragment>
  );
}

export function ReportDocument({ report, shareUrl, plan, fonts, clock = UTC_CLOCK, language = DEFAULT_LOCALE }: ReportDocumentProps) {
  const w = wordsFor(language);
  const t = w.t;
  const patient = patientLabel(report, w);
  const pageStyle = [styles.page, { fontFamily: fonts }];
  const goniometry = pdfGoniometry(report);
  const block = (index: number) => bodyBlock(report, goniometry, index);
  const info = documentInfo(report, patient, w, language, clock);
  return (
    <Document
      title={info.title}
      author={info.author}
      subject={info.subject}
      keywords={info.keywords}
      creator={info.creator}
      producer={info.producer}
      language={info.language}
    >
      <WordsContext.Provider value={w}>
        <ClockContext.Provider value={clock}>
          {plan ? (
            plan.map((sections, page) => (
              <Page key={page} size="A4" style={pageStyle}>
                {page > 0 ? (
                  <View style={styles.runningHead} fixed>
                    <RunningHead report={report} patient={patient} w={w} />
                  </View>
                ) : null}
                <Footer report={report} pageLabel={t("pdf.page", { page: page + 1, pages: plan.length })} />
                {page === 0 ? <Intro report={report} patient={patient} shareUrl={shareUrl} chartFont={fonts[0]!} /> : null}
                {sections.map(block)}
              </Page>
            ))
          ) : (
            <Page size="A4" style={pageStyle}>
              <View
                style={styles.runningHead}
                fixed
                render={({ pageNumber }) => (pageNumber > 1 ? <RunningHead report={report} patient={patient} w={w} /> : null)}
              />
              <Footer report={report} />
              <Intro report={report} patient={patient} shareUrl={shareUrl} chartFont={fonts[0]!} />
              {report.aiExplanation ? block(EXPLANATION) : null}
              {goniometry.length ? block(GONIOMETRY) : null}
              {report.assessments.map((_, index) => block(index))}
            </Page>
          )}
        </ClockContext.Provider>
      </WordsContext.Provider>
    </Document>
  );
}

/** On every page: the disclaimer, the report code and the page number (static when planned). */
function Footer({ report, pageLabel }: { report: ReportView; pageLabel?: string }) {
  const clock = useContext(ClockContext);
  const { t } = useContext(WordsContext);
  const zone = clock.timeZone.replace(/_/g, " ");
  return (
    <View style={styles.footer} fixed>
      <Text>{t("email.disclaimer")}</Text>
      <View style={styles.footerRow}>
        <Text>{t("pdf.footer", { code: report.formattedCode, date: formatDate(report.createdAt, clock), zone })}</Text>
        {pageLabel ? (
          <Text>{pageLabel}</Text>
        ) : (
          <Text render={({ pageNumber, totalPages }) => t("pdf.page", { page: pageNumber, pages: totalPages })} />
        )}
      </View>
    </View>
  );
}

function Intro({ report, patient, shareUrl, chartFont }: { report: ReportView; patient: string; shareUrl: string; chartFont: string }) {
  const clock = useContext(ClockContext);
  const w = useContext(WordsContext);
  const t = w.t;
  const details = patientDetails(report, w, clock.locale);
  const clinical = clinicalDetails(report, w);
  const madeBy = madeByLine(report, w);
  const notice = ownershipNotice(report, w);
  const fromSender = senderTitle(report, w);
  return (
    <>
      <Text style={styles.kicker}>{t("pdf.kicker")}</Text>
      <Text style={styles.title}>{reportHeading(report, w)}</Text>
      {fromSender ? <Text style={styles.details}>{fromSender}</Text> : null}
      <View style={styles.metaRow}>
        <Meta label={t("pdf.patient")} value={patient} />
        <Meta label={t("pdf.reportDate")} value={formatDate(report.createdAt, clock)} />
        <Meta label={t("pdf.assessments")} value={String(report.assessments.length)} />
        <Meta label={t("pdf.reportCode")} value={report.formattedCode} />
      </View>
      {details ? <Text style={styles.details}>{details}</Text> : null}
      {clinical ? <Text style={styles.details}>{clinical}</Text> : null}
      {madeBy ? <Text style={styles.details}>{madeBy}</Text> : null}
      {notice ? <Text style={styles.notice}>{notice}</Text> : null}
      <View style={styles.share}>
        <Text style={styles.shareCode}>{report.formattedCode}</Text>
        <Text style={styles.shareText}>{t("pdf.share", { url: shareUrl })}</Text>
      </View>

      <Text style={styles.heading}>{t("pdf.summary")}</Text>
      <SummaryTable assessments={report.assessments} />
      <ScoreChart assessments={report.assessments} font={chartFont} />
      <ChangeTable assessments={report.assessments} />
    </>
  );
}

function DetailsHeading() {
  const { t } = useContext(WordsContext);
  return (
    <Text style={styles.heading} minPresenceAhead={60}>
      {t("pdf.details")}
    </Text>
  );
}

/** No hooks: react-pdf calls a flowing page's `render` outside React's render. */
function RunningHead({ report, patient, w }: { report: ReportView; patient: string; w: Words }) {
  return (
    <>
      <Text>{reportHeading(report, w)}</Text>
      <Text>{w.t("pdf.runningHead", { patient, code: report.formattedCode })}</Text>
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
  const clock = useContext(ClockContext);
  const w = useContext(WordsContext);
  const t = w.t;
  return (
    <View style={styles.table}>
      <View style={styles.tableHead} fixed>
        <Text style={styles.cellIndex}>#</Text>
        <Text style={styles.cellDate}>{t("reportPage.date")}</Text>
        <Text style={styles.cellType}>{t("reportPage.assessment")}</Text>
        <Text style={styles.cellHand}>{t("reportPage.hand")}</Text>
        <Text style={styles.cellHeadline}>{t("reportPage.headline")}</Text>
        <Text style={styles.cellCode}>{t("reportPage.codeColumn")}</Text>
      </View>
      {assessments.map((item, index) => (
        <View key={item.code} style={[styles.tableRow, index % 2 === 1 ? { backgroundColor: ZEBRA } : {}]} wrap={false}>
          <Text style={styles.cellIndex}>{index + 1}</Text>
          <Text style={styles.cellDate}>{formatDate(item.dateCreated, clock)}</Text>
          <Text style={styles.cellType}>{typeName(item.assessmentType, w)}</Text>
          <Text style={styles.cellHand}>{handName(item.hand, true, w)}</Text>
          <Text style={styles.cellHeadline}>{headline(item, w).text}</Text>
          <Text style={styles.cellCode}>{item.formattedCode}</Text>
        </View>
      ))}
    </View>
  );
}

const CHART = { width: 511, height: 96, left: 26, right: 8, top: 6, bottom: 16 };

/**
 * Each test's own measure over time, one line per test and hand; one chart per scale (a 0-10
 * pain rating never shares an axis with a 0-100 score), its axis saying which way is better.
 * Drawn when a line has two or more results.
 */
export function ScoreChart({ assessments, font }: { assessments: ReportAssessment[]; font: string }) {
  const clock = useContext(ClockContext);
  const w = useContext(WordsContext);
  if (!hasChart(assessments)) return null;
  const series = chartSeries(assessments, w);
  return (
    <View>
      <Text style={styles.heading}>{w.t("reportPage.chartTitle")}</Text>
      {chartGroups(series, w).map((group) => (
        <ScaleChart key={group.key} group={group} all={series} font={font} clock={clock} w={w} />
      ))}
    </View>
  );
}

type ChartScales = ReturnType<typeof chartScales>;
type AxisText = { fontSize: number; fontFamily: string };

/** The value axis: a rule and a number at each tick, the lowest rule (the time axis) darker. */
function ValueAxis({ scale, y, axisText, w }: { scale: ChartGroup["scale"]; y: ChartScales["y"]; axisText: AxisText; w: Words }) {
  const [low] = scale;
  return (
    <>
      {axisTicks(scale).map((tick) => (
        <G key={tick}>
          <Line
            x1={CHART.left}
            x2={CHART.width - CHART.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke={tick === low ? MUTED : RULE}
            strokeWidth={tick === low ? 0.75 : 0.5}
          />
          <Text x={CHART.left - 4} y={y(tick) + 2} style={axisText} fill={MUTED} textAnchor="end">
            {w.number(tick)}
          </Text>
        </G>
      ))}
    </>
  );
}

/** The time axis: a tick and a date under each labelled week, the first date starting at its tick. */
function WeekAxis({
  ticks,
  x,
  baseline,
  axisText,
  clock,
}: {
  ticks: number[];
  x: ChartScales["x"];
  baseline: number;
  axisText: AxisText;
  clock: Clock;
}) {
  return (
    <>
      {ticks.map((time, i) => (
        <G key={time}>
          <Line x1={x(time)} x2={x(time)} y1={baseline} y2={baseline + 2} stroke={MUTED} strokeWidth={0.5} />
          <Text
            x={x(time)}
            y={CHART.height - 3}
            style={axisText}
            fill={MUTED}
            textAnchor={ticks.length === 1 ? "middle" : i === 0 ? "start" : "middle"}
          >
            {formatShortDate(new Date(time).toISOString(), clock)}
          </Text>
        </G>
      ))}
    </>
  );
}

/** Each series as a line through its results (when there are two or more) and a dot at each. */
function SeriesLines({ series, x, y }: { series: Series[]; x: ChartScales["x"]; y: ChartScales["y"] }) {
  return (
    <>
      {series.map((line) => (
        <G key={line.key}>
          {line.points.length > 1 ? (
            <Polyline
              points={line.points.map((p) => `${x(p.time)},${y(p.value)}`).join(" ")}
              stroke={line.color}
              strokeWidth={1.25}
              fill="none"
            />
          ) : null}
          {line.points.map((p, i) => (
            <Circle key={i} cx={x(p.time)} cy={y(p.value)} r={2} fill={line.color} />
          ))}
        </G>
      ))}
    </>
  );
}

function ScaleChart({ group, all, font, clock, w }: { group: ChartGroup; all: Series[]; font: string; clock: Clock; w: Words }) {
  const { first, last, x, y } = chartScales(all, CHART, group.scale);
  // Every week is labelled (every n-th when they would not fit): a 36-point slot per label.
  const ticks = weekTicks(first, last, Math.floor((CHART.width - CHART.left - CHART.right) / 36));
  const axisText = { fontSize: 6, fontFamily: font };
  const [low] = group.scale;
  return (
    <View style={styles.chartBox} wrap={false}>
      <Text style={styles.chartAxis}>{group.axis}</Text>
      <Svg width={CHART.width} height={CHART.height}>
        <ValueAxis scale={group.scale} y={y} axisText={axisText} w={w} />
        <WeekAxis ticks={ticks} x={x} baseline={y(low)} axisText={axisText} clock={clock} />
        <SeriesLines series={group.series} x={x} y={y} />
      </Svg>
      <View style={styles.legend}>
        {group.series.map((line) => (
          <View key={line.key} style={styles.legendItem}>
            <View style={[styles.swatch, { backgroundColor: line.color }]} />
            <Text>{line.label}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

/** First → latest result per test and hand. */
function ChangeTable({ assessments }: { assessments: ReportAssessment[] }) {
  const w = useContext(WordsContext);
  const t = w.t;
  const rows = changes(assessments, useContext(ClockContext), w);
  if (rows.length === 0) return null;
  return (
    <View wrap={false}>
      <Text style={styles.heading}>{t("reportPage.changeTitle")}</Text>
      <View style={styles.table}>
        <View style={styles.tableHead}>
          <Text style={styles.cellSeries}>{t("reportPage.testHand")}</Text>
          <Text style={styles.cellFirst}>{t("reportPage.first")}</Text>
          <Text style={styles.cellFirst}>{t("reportPage.latest")}</Text>
          <Text style={styles.cellChange}>{t("reportPage.change")}</Text>
        </View>
        {rows.map((row, index) => (
          <View key={row.key} style={[styles.tableRow, index % 2 === 1 ? { backgroundColor: ZEBRA } : {}]}>
            <Text style={styles.cellSeries}>{row.label}</Text>
            <Text style={styles.cellFirst}>{`${row.firstDate}: ${row.first}`}</Text>
            <Text style={styles.cellFirst}>{row.direction === "single" ? "–" : `${row.latestDate}: ${row.latest}`}</Text>
            <Text style={styles.cellChange}>{row.change}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

const withChange = (value: number, change: number | null) => `${value}°${change === null ? "" : ` (${formatChange(change)})`}`;
/** A joint as therapists write it, extension/flexion, then its arc: "−25/70 · 45°". */
const jointText = (cell: GoniometryCell) => {
  const notation = jointNotation(cell);
  return `${notation ? `${notation} · ` : ""}${cell.arc}°${cell.belowNormal ? " *" : ""}`;
};
const tamText = (tam: GoniometryTam) =>
  tam.value === null ? "–" : `${withChange(tam.value, tam.change)}${tam.ofOtherHand === null ? "" : ` ${tam.ofOtherHand} %`}`;

/** A hand's wrist motions under a "Wrist" row, each with its normal range and its value (and change) by date. */
function WristRows({ table }: { table: GoniometryTable }) {
  const { t } = useContext(WordsContext);
  return (
    <>
      {table.wrist.length ? (
        <View style={styles.gonioRow}>
          <Text style={styles.gonioFinger}>{t("goniometry.wrist")}</Text>
        </View>
      ) : null}
      {table.wrist.map((row) => (
        <View key={row.motion} style={styles.gonioRow}>
          <Text style={styles.gonioJoint}>{t(`goniometry.motion.${row.motion}`)}</Text>
          <Text style={styles.gonioNormal}>{`${row.normal[0]}–${row.normal[1]}°`}</Text>
          {row.cells.map((cell, i) => (
            <Text key={table.columns[i]!.code} style={[styles.gonioCell, cell?.belowNormal ? styles.warn : {}]}>
              {cell ? `${withChange(cell.value, cell.change)}${cell.belowNormal ? " *" : ""}` : "–"}
            </Text>
          ))}
        </View>
      ))}
    </>
  );
}

/** One finger: its name row, a row per joint by date, then its total active motion. */
function FingerRows({ table, finger }: { table: GoniometryTable; finger: GoniometryTable["fingers"][number] }) {
  const w = useContext(WordsContext);
  const { t } = w;
  return (
    <>
      <View style={styles.gonioRow}>
        <Text style={styles.gonioFinger}>{t(`goniometry.fingers.${finger.finger}`)}</Text>
      </View>
      {finger.joints.map((row) => (
        <View key={row.joint} style={styles.gonioRow}>
          <Text style={styles.gonioJoint}>{jointName(row.joint, w)}</Text>
          <Text style={styles.gonioNormal}>{row.normal ? `${row.normal[0]}–${row.normal[1]}°` : "–"}</Text>
          {row.cells.map((cell, i) => (
            <Text key={table.columns[i]!.code} style={[styles.gonioCell, cell?.belowNormal ? styles.warn : {}]}>
              {cell ? jointText(cell) : "–"}
            </Text>
          ))}
        </View>
      ))}
      <View style={[styles.gonioRow, { backgroundColor: ZEBRA, fontWeight: "bold" }]}>
        <Text style={styles.gonioJoint}>{`${t("goniometry.tam")} ${t(`goniometry.fingers.${finger.finger}`)}`}</Text>
        <Text style={styles.gonioNormal} />
        {finger.tam.map((tam, i) => (
          <Text key={table.columns[i]!.code} style={styles.gonioCell}>
            {tamText(tam)}
          </Text>
        ))}
      </View>
    </>
  );
}

/** One hand's table: a column per date, the wrist's rows, then each finger's. */
function HandTable({ table }: { table: GoniometryTable }) {
  const clock = useContext(ClockContext);
  const { t } = useContext(WordsContext);
  return (
    <View wrap={false} style={{ marginBottom: 8 }}>
      <Text style={styles.gonioCaption}>{t(`goniometry.hand.${table.hand}`)}</Text>
      <View style={styles.table}>
        <View style={[styles.tableHead, { fontSize: 7 }]}>
          <Text style={styles.gonioJoint}>{t("goniometry.joint")}</Text>
          <Text style={styles.gonioNormal}>{t("goniometry.normal")}</Text>
          {table.columns.map((column) => (
            <Text key={column.code} style={styles.gonioCell}>
              {formatDate(column.date, clock)}
            </Text>
          ))}
        </View>
        <WristRows table={table} />
        {table.fingers.map((finger) => (
          <FingerRows key={finger.finger} table={table} finger={finger} />
        ))}
      </View>
    </View>
  );
}

/** The joint-by-date table of each hand (lib/assessments/goniometry.ts). */
export function Goniometry({ tables }: { tables: GoniometryTable[] }) {
  const { t } = useContext(WordsContext);
  return (
    <View>
      <Text style={styles.heading} minPresenceAhead={80}>
        {t("goniometry.heading")}
      </Text>
      {tables.map((table) => (
        <HandTable key={table.hand} table={table} />
      ))}
      <Text style={styles.gonioLegend}>{t("goniometry.pdfLegend")}</Text>
    </View>
  );
}

function Explanation({ text, source }: { text: string; source: ReportView["explanationSource"] }) {
  const paragraphs = explanationParagraphs(text);
  const { t } = useContext(WordsContext);
  return (
    <View>
      <Text style={styles.heading}>{t("pdf.explanation")}</Text>
      {paragraphs.map((paragraph, i) => (
        <Text key={i} style={styles.paragraph}>
          {paragraph}
        </Text>
      ))}
      <Text style={styles.source}>{source === "ai" ? t("pdf.byModel") : t("pdf.byTemplate")}</Text>
    </View>
  );
}

function AssessmentSection({ item, index }: { item: ReportAssessment; index: number }) {
  const clock = useContext(ClockContext);
  const w = useContext(WordsContext);
  const metrics = snapshotMetrics(item, w);
  const notes = snapshotNotes(item, w);
  return (
    <View style={styles.section} wrap={false}>
      <View style={styles.sectionHead}>
        <Text style={styles.sectionTitle}>{`${index + 1}. ${typeName(item.assessmentType, w)} · ${handName(item.hand, false, w)}`}</Text>
        <Text style={styles.sectionMeta}>{sectionMeta(item, clock, w)}</Text>
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
        <Text style={[styles.notes, { paddingTop: 3 }]}>{w.table.noResults}</Text>
      )}
      {notes.length ? (
        <Text style={styles.notes}>
          {notes.map((note, i) => [
            <Text key={`${note.label}-label`} style={note.warning ? styles.warn : styles.noteLabel}>
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
