// Every kind reads the same on every surface built from its module: the PDF's and the
// explanation's metrics (lib/report-view/present.ts), the history's summary line, the FHIR
// Observation, and the standings' thresholds; and QuickDASH's published scoring, by hand.
import assert from "node:assert/strict";
import { test } from "node:test";
import { KIND_LIST, KINDS } from "@/lib/assessments/kinds";
import { primaryMeasure } from "@/lib/assessments/kinds/kind";
import { dashScore, quickdashInput, quickdashScores } from "@/lib/assessments/kinds/quickdash-contract";
import { standingThresholds } from "@/lib/assessments/kinds/thresholds";
import { readType } from "@/lib/assessments/types";
import { observationResource } from "@/lib/fhir/observation";
import { formatMetric, headline, snapshotMetrics } from "@/lib/report-view/present";
import { ENGLISH, summaryWords, wordsFor } from "@/lib/report-view/words";
import type { ReportAssessment } from "@/lib/report-view/schemas";

/** A snapshot with every metric of the kind set to 7 (a valid value of every unit). */
const fullSnapshot = (kind: (typeof KIND_LIST)[number]) => Object.fromEntries(kind.metrics.map((metric) => [metric.key, 7]));

const asReportItem = (type: string, resultSnapshot: Record<string, unknown>) =>
  ({
    code: "ABC234",
    formattedCode: "ABC-234",
    assessmentType: readType(type),
    hand: "RIGHT",
    dateCreated: "2026-11-20T10:00:00.000Z",
    resultSnapshot,
    results: { joints: [] },
    weeksSinceSurgery: null,
  }) as unknown as ReportAssessment;

const EN = summaryWords(ENGLISH);

test("the registry names every read type once, and each kind its own read and stored name", () => {
  assert.deepEqual(Object.keys(KINDS), ["ROM", "DEXTERITY", "PAIN", "ARTHRITIS", "THUMB", "QUICKDASH", "GRIP", "PRWE"]);
  for (const [type, kind] of Object.entries(KINDS)) {
    assert.equal(kind.type, type);
    assert.equal(readType(kind.stored), type);
  }
});

test("the documents show each kind's metrics with the module's labels and units, in its order", () => {
  for (const kind of KIND_LIST) {
    const shown = snapshotMetrics(asReportItem(kind.type, fullSnapshot(kind)));
    assert.deepEqual(
      shown.slice(0, kind.metrics.length).map((m) => [m.label, m.value]),
      kind.metrics.map((metric) => [metric.label, formatMetric(metric, 7)]),
      kind.type,
    );
  }
  // The dexterity figure that /a and /r once named differently.
  const rate = KINDS.DEXTERITY.metrics.find((m) => m.key === "averageFrequency")!;
  assert.deepEqual([rate.label, ENGLISH.measure.units[rate.unit]], ["Tapping rate", "taps/s"]);
});

test("one headline rule: each kind's own measure on its own scale, never the wire's inverted headline", () => {
  const read = (type: string, snapshot: Record<string, unknown>) => {
    const { text, value } = headline(asReportItem(type, snapshot));
    return [text, value];
  };
  assert.deepEqual(read("ROM", { overallScore: 72, extensionDeg: 60 }), [
    "Overall score 72 / 100 (higher is better) · Wrist extension 60°",
    72,
  ]);
  assert.deepEqual(read("ARTHRITIS", { compositeScore: 64, overallScore: 10 }), ["Composite score 64 / 100 (higher is better)", 64]);
  assert.deepEqual(read("PAIN", { overallScore: 40, maxSeverity: 6 }), ["Worst pain 6 / 10 (Distressing)", 6]);
  assert.deepEqual(read("QUICKDASH", { overallScore: 61.36, quickDashScore: 38.64 }), [
    "QuickDASH disability 38.6 / 100 (lower is better)",
    38.64,
  ]);
  assert.deepEqual(read("QUICKDASH", { overallScore: 61.36 }), ["QuickDASH disability: not recorded", null]);
});

test("summary lines come from the kind module", () => {
  assert.equal(KINDS.ROM.summary({ overallScore: 72, wristScore: 80, fingerScore: 65 }, EN), "ROM 72/100 · wrist 80 · fingers 65");
  assert.equal(
    KINDS.DEXTERITY.summary({ overallScore: 81, speedScore: 75, totalTouches: 42 }, EN),
    "Dexterity 81/100 · speed 75 · 42 touches",
  );
  assert.equal(KINDS.QUICKDASH.summary({ quickDashScore: 22.73, workScore: 37.5 }, EN), "QuickDASH 22.7/100 disability · work 37.5");
  const es = summaryWords(wordsFor("es"));
  assert.equal(
    KINDS.QUICKDASH.summary({ quickDashScore: 38.64, workScore: 37.5 }, es),
    "QuickDASH 38,6/100 de discapacidad · trabajo 37,5",
  );
  assert.equal(
    KINDS.ROM.summary({ overallScore: 72, wristScore: 80, fingerScore: 65 }, es),
    "Amplitud de movimiento 72/100 · muñeca 80 · dedos 65",
  );
  assert.equal(KINDS.PAIN.summary({ maxSeverity: 6, entries: [{}, {}] }, es), "Dolor máximo 6/10 · 2 zonas");
});

test("FHIR: QuickDASH is a survey valued with the published score, its components labelled as the module says", () => {
  const snapshot = quickdashScores({ responses: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3], work: [1, 2, 3, 4] });
  const observation = observationResource({
    id: 9,
    ownerId: 3,
    assessmentType: "QUICKDASH",
    hand: null,
    dateCreated: new Date("2026-11-20T10:00:00Z"),
    lastUpdated: new Date("2026-11-20T10:00:00Z"),
    resultSnapshot: snapshot,
    results: null,
  });
  assert.equal(observation.code.text, KINDS.QUICKDASH.fhir.text);
  assert.equal(observation.category?.[0]?.coding?.[0]?.code, "survey");
  assert.equal(observation.valueQuantity?.value, 50);
  assert.deepEqual(
    observation.component?.map((c) => [c.code.coding?.[0]?.display, c.valueQuantity?.value]),
    [
      ["QuickDASH disability", 50],
      ["Work module", 37.5],
      ["Items answered", 11],
    ],
  );
});

test("QuickDASH: ((sum of answered / number answered) − 1) × 25, by hand", () => {
  const table: [(number | null)[], number | null][] = [
    [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 0],
    [[5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5], 100],
    [[1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3], 50], // 33 / 11 = 3
    [[2, 2, 2, 2, 2, 2, 2, null, 2, 2, 2], 25], // 20 / 10 = 2
    [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], 2.27], // 12 / 11 = 1.0909…; 0.0909… × 25 = 2.2727…
    [[3, 4, 2, 5, 1, 3, 4, 2, 5, null, 1], 50], // 30 / 10 = 3
    [[null, null], null],
  ];
  for (const [items, expected] of table) assert.equal(dashScore(items), expected, JSON.stringify(items));
});

test("QuickDASH: the snapshot of a set of answers, modules and overallScore = 100 − score, computed by hand", () => {
  // 11 answered: (1+1+1+1+1+1+1+1+1+1+2)/11 = 12/11; (12/11 − 1) × 25 = 2.2727… → 2.27; overall 97.73.
  const ones = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2];
  assert.deepEqual(quickdashScores({ responses: ones, work: [1, 2, 3, 4], sportsMusic: [5, 5, 5, 5] }), {
    quickDashScore: 2.27,
    workScore: 37.5, // 10 / 4 = 2.5 → 37.5
    sportsMusicScore: 100,
    answeredCount: 11,
    overallScore: 97.73,
    responses: ones,
    work: [1, 2, 3, 4],
    sportsMusic: [5, 5, 5, 5],
  });
  const gap = [3, 3, 3, 3, 3, null, 3, 3, 3, 3, 3];
  assert.deepEqual(quickdashScores({ responses: gap }), {
    quickDashScore: 50,
    workScore: null,
    sportsMusicScore: null,
    answeredCount: 10,
    overallScore: 50,
    responses: gap,
    work: null,
    sportsMusic: null,
  });
});

test("QuickDASH input: one unanswered item is scored, two are refused on responses", () => {
  const answers = (gaps: number) => Array.from({ length: 11 }, (_, i) => (i < gaps ? null : 2));
  assert.equal(quickdashInput.safeParse({ responses: answers(1) }).success, true);
  const refused = quickdashInput.safeParse({ responses: answers(2) });
  assert.equal(refused.success, false);
  assert.deepEqual(
    refused.error?.issues.map((issue) => [issue.path.join("."), issue.message]),
    [["responses", "at most one of the 11 items may be unanswered"]],
  );
});

test("every kind's own measure declares an MCID and a low threshold with their sources; the standings receive exactly those", () => {
  const { measures } = standingThresholds();
  for (const kind of KIND_LIST) {
    const spec = primaryMeasure(kind);
    assert.ok(spec.mcid && spec.mcid.source.length > 20, kind.type);
    assert.ok(spec.low && spec.low.source.length > 20, kind.type);
    assert.equal(measures[kind.stored]?.points, spec.mcid.points, kind.type);
  }
  const rules = Object.fromEntries(Object.values(measures).map((m) => [m.test, [m.key, m.higherIsBetter, m.points, m.fraction, m.lowAt]]));
  assert.deepEqual(rules, {
    ROM: ["overallScore", true, 10, null, 40],
    DEXTERITY: ["overallScore", true, 10, null, 40],
    PAIN: ["maxSeverity", false, 2, 0.3, 7],
    ARTHRITIS: ["compositeScore", true, 10, null, 40],
    THUMB: ["overallScore", true, 10, null, 40],
    QUICKDASH: ["quickDashScore", false, 15.91, null, 40],
    GRIP: ["meanKg", true, 6.5, null, 16],
    PRWE: ["prweScore", false, 11.5, null, 50],
  });
});
