// What the report's overview says: a line per test and hand, the change from first to latest,
// whose records these are, and clinical words for flags, joints and surgery weeks.
import assert from "node:assert/strict";
import { test } from "node:test";
import { WRIST_REFERENCE_RANGES } from "@/lib/assessments/vocabulary";
import { againstReference, flagName, weeksSinceSurgeryText } from "@/lib/report-view/present";
import { sampleReport } from "@/lib/report-view/sample";
import type { ReportAssessment, ReportView } from "@/lib/report-view/schemas";
import { changes, chartGroups, chartSeries, ownershipNotice, patientDetails, patientLabel, weekTicks } from "@/lib/report-view/summary";

/** A record whose kind's own measure is `value`: worst pain for pain, the published score for QuickDASH, else the overall score. */
function record(day: number, type: ReportAssessment["assessmentType"], hand: ReportAssessment["hand"], value: number): ReportAssessment {
  const resultSnapshot =
    type === "PAIN"
      ? { maxSeverity: value, overallScore: 100 * (1 - value / 10) }
      : type === "QUICKDASH"
        ? { quickDashScore: value, overallScore: 100 - value }
        : { overallScore: value };
  return {
    code: `C${day}`,
    formattedCode: `C${day}`,
    assessmentType: type,
    hand,
    dateCreated: new Date(Date.UTC(2026, 5, day)).toISOString(),
    resultSnapshot,
    results: { joints: [] },
    weeksSinceSurgery: null,
  };
}

test("one series per test and hand, oldest first: a both-hands result never joins the right-hand line", () => {
  const series = chartSeries([
    record(9, "PAIN", "RIGHT", 3),
    record(1, "PAIN", "RIGHT", 6),
    record(5, "PAIN", "BOTH", 9),
    record(3, "ROM", "RIGHT", 50),
  ]);
  assert.deepEqual(
    series.map((s) => [s.key, s.points.map((p) => p.value)]),
    [
      ["PAIN:RIGHT", [6, 3]],
      ["ROM:RIGHT", [50]],
      ["PAIN:BOTH", [9]],
    ],
  );
  assert.equal(new Set(series.map((s) => s.color)).size, 3, "each line its own colour");
});

test("the change from first to latest per test and hand, on each measure's own scale and direction", () => {
  const rows = changes([
    record(1, "ROM", "RIGHT", 38),
    record(20, "ROM", "RIGHT", 77),
    record(8, "ROM", "LEFT", 60),
    record(2, "PAIN", "RIGHT", 3),
    record(9, "PAIN", "RIGHT", 3),
    record(3, "PAIN", "LEFT", 2),
    record(10, "PAIN", "LEFT", 6),
    record(4, "QUICKDASH", "RIGHT", 20.45),
    record(11, "QUICKDASH", "RIGHT", 38.64),
  ]);
  assert.deepEqual(
    rows.map((r) => [r.label, r.change, r.direction]),
    [
      ["Range of motion · Right hand", "+39 (better)", "better"],
      ["Pain · Right hand", "no change", "same"],
      ["Pain · Left hand", "+4 (worse)", "worse"],
      ["QuickDASH questionnaire · Right hand", "+18.2 (worse)", "worse"],
      ["Range of motion · Left hand", "one result only", "single"],
    ],
  );
  assert.equal(rows[0]!.first, "Overall score 38 / 100 (higher is better)");
  assert.equal(rows[2]!.latest, "Worst pain 6 / 10 (Distressing)");
  assert.equal(rows[3]!.latest, "QuickDASH disability 38.6 / 100 (lower is better)");
  assert.equal(changes([record(1, "ROM", "RIGHT", 70), record(2, "ROM", "RIGHT", 52.5)])[0]!.change, "−17.5 (worse)");
  // Within the MCID (ROM: 10 points; pain: 2 points or 30 %) a change is neither better nor worse.
  assert.equal(
    changes([record(1, "ROM", "RIGHT", 70), record(2, "ROM", "RIGHT", 65)])[0]!.change,
    "−5 (within the minimal important change)",
  );
  assert.equal(changes([record(1, "PAIN", "RIGHT", 5), record(2, "PAIN", "RIGHT", 4)])[0]!.direction, "within");
  assert.equal(changes([record(1, "PAIN", "RIGHT", 3), record(2, "PAIN", "RIGHT", 2)])[0]!.direction, "better", "1 of 3 is 33 %");
});

test("one chart per scale: a 0-10 pain rating never shares the axis of a 0-100 score", () => {
  const groups = chartGroups(
    chartSeries([
      record(1, "ROM", "RIGHT", 50),
      record(2, "PAIN", "RIGHT", 6),
      record(3, "QUICKDASH", "RIGHT", 38.64),
      record(4, "DEXTERITY", "RIGHT", 70),
    ]),
  );
  assert.deepEqual(
    groups.map((g) => [g.axis, g.scale, g.series.map((s) => s.type)]),
    [
      ["Overall score: 0–100, higher is better", [0, 100], ["ROM", "DEXTERITY"]],
      ["Worst pain: 0–10, lower is better", [0, 10], ["PAIN"]],
      ["QuickDASH disability: 0–100, lower is better", [0, 100], ["QUICKDASH"]],
    ],
  );
});

test("whose records: named when one's own, else a warning that says why", () => {
  const own = sampleReport(2);
  assert.equal(ownershipNotice(own), null);
  assert.equal(patientLabel(own), "Alex Example");
  assert.equal(patientDetails(own), "Born 14 Mar 1971 · Surgery 18 May 2026 (Distal radius fracture fixation)");

  const mixed: ReportView = { ...own, patient: null, patientName: null, owners: { status: "mixed", accounts: 2, anonymousRecords: 1 } };
  assert.equal(
    ownershipNotice(mixed),
    "These records may be of different people: they come from 2 different accounts and 1 anonymous record. Compare them with care.",
  );
  assert.equal(patientLabel(mixed), "Several people (see note)");
  assert.equal(patientDetails(mixed), null);
  assert.match(ownershipNotice({ ...mixed, owners: { status: "anonymous", accounts: 0, anonymousRecords: 2 } })!, /submitted anonymously/);
  assert.match(
    ownershipNotice({ ...mixed, owners: { status: "single", accounts: 1, anonymousRecords: 0 } })!,
    /not named because someone else made this report/,
  );
});

test("flags, joints, wrist reference and weeks since surgery read as words", () => {
  assert.equal(flagName("HEBERDEN_NODES_POSSIBLE"), "Possible Heberden's nodes");
  assert.equal(flagName("SWAN_NECK_POSSIBLE"), "Possible swan neck");
  assert.equal(flagName("ULNAR_DRIFT"), "Ulnar drift");
  assert.equal(flagName("bilateral involvement"), "bilateral involvement");
  assert.equal(againstReference(56, WRIST_REFERENCE_RANGES.extension), "reference 0–70° (80%)");
  assert.equal(againstReference(40, WRIST_REFERENCE_RANGES.flexion), "reference 0–80° (50%)");
  assert.equal(weeksSinceSurgeryText(8), "8 weeks after surgery");
  assert.equal(weeksSinceSurgeryText(-1), "1 week before surgery");
  assert.equal(weeksSinceSurgeryText(null), null);
});

test("the chart's time axis is labelled every week from the first result, every n-th week when they would not fit", () => {
  const day = 86_400_000;
  const first = Date.parse("2026-10-01T09:00:00Z");
  assert.deepEqual(
    weekTicks(first, first + 8 * 7 * day + day, 13).map((t) => new Date(t).toISOString().slice(0, 10)),
    ["2026-10-01", "2026-10-08", "2026-10-15", "2026-10-22", "2026-10-29", "2026-11-05", "2026-11-12", "2026-11-19", "2026-11-26"],
  );
  assert.deepEqual(weekTicks(first, first + 3 * day, 13), [first]);
  assert.equal(weekTicks(first, first + 52 * 7 * day, 13).length, 11, "every 5th of 53 weeks");
});
