// The measure model's helpers at their edges (kind.ts), what each kind declares beside its
// metrics (its own scale, notes, voice words, the range-of-motion tables) and what the standings
// receive (thresholds.ts). rules.test.ts holds the kinds' names, metrics and summaries.
import assert from "node:assert/strict";
import { test } from "node:test";
import { KIND_LIST, KINDS } from "@/lib/assessments/kinds";
import { KIND_CONTRACTS } from "@/lib/assessments/kinds/contracts";
import {
  CAMERA_PREPARE,
  isBetter,
  type KindModule,
  type MetricSpec,
  primaryMeasure,
  reachesMcid,
  wordFacts,
  words,
} from "@/lib/assessments/kinds/kind";
import {
  ROM_FINGER_ALIASES,
  ROM_FINGERS,
  ROM_JOINT_NORMAL_SOURCE,
  ROM_JOINT_NORMALS,
  ROM_WRIST_MOTIONS,
  romJointNormal,
} from "@/lib/assessments/kinds/rom";
import { standingThresholds } from "@/lib/assessments/kinds/thresholds";
import { romSnapshot } from "@/lib/assessments/kinds/rom-contract";
import { ENGLISH, summaryWords } from "@/lib/report-view/words";
import { assessmentTypeIn } from "@/lib/voice/script";

const EN = summaryWords(ENGLISH);

test("a kind whose measure is not one of its metrics is refused, naming the measure", () => {
  assert.throws(
    () => primaryMeasure({ metrics: KINDS.ROM.metrics, measure: "tapCount" }),
    /measure tapCount is not one of the kind's metrics/,
  );
});

test("better and MCID at their edges: no change is not better, no direction says nothing, float noise still reaches 2 points", () => {
  const pain = primaryMeasure(KINDS.PAIN);
  const rom = primaryMeasure(KINDS.ROM);
  assert.equal(isBetter(rom, 60, 60), false, "no change is not better");
  assert.equal(isBetter(pain, 6, 6), false);
  assert.equal(isBetter(pain, 6, 4), true, "pain falling is better");
  const touches: MetricSpec = KINDS.DEXTERITY.metrics.find((m) => m.key === "totalTouches")!;
  assert.equal(isBetter(touches, 40, 50), null, "a count with no direction is neither better nor worse");
  assert.equal(isBetter(touches, 40, 40), null);
  assert.equal(reachesMcid(touches, 0, 100), false, "no MCID, never reached");
  // 7.1 − 5.1 is 1.9999999999999996 in binary fractions: still the 2 points of Farrar's MCID.
  assert.equal(reachesMcid(pain, 7.1, 5.1), true);
  assert.equal(reachesMcid(pain, 7, 5.1), false, "1.9 points, 27 % of 7");
  // A share of nothing is nothing: from 0, only the 2 points count.
  assert.equal(reachesMcid(pain, 0, 1), false);
  assert.equal(reachesMcid(pain, 0, 2), true);
  assert.equal(reachesMcid(pain, 3, 2.1), true, "0.9 points is 30 % of 3");
  assert.equal(reachesMcid(pain, -3, -2.1), true, "the share is of the earlier value's size");
  assert.equal(reachesMcid(rom, 50, 59), false);
  assert.equal(reachesMcid(rom, 59, 49), true, "a fall counts like a rise");
});

test("an MCID and a low threshold are declared on each kind's own measure only", () => {
  for (const kind of KIND_LIST) {
    const declared = kind.metrics.filter((m) => m.mcid || m.low).map((m) => m.key);
    assert.deepEqual(declared, [kind.measure], kind.type);
  }
});

test("words: tokens read as words, a name table wins, blank and non-text values are left out", () => {
  assert.equal(words(""), "");
  assert.equal(words("GOOD"), "Good");
  assert.deepEqual(
    wordFacts({ pattern: "MIXED", other: "NEW_ONE", blank: "", none: null }, [
      ["Pattern", "pattern", { MIXED: "Mixed OA/RA" }],
      ["Other", "other", { MIXED: "Mixed OA/RA" }],
      ["Blank", "blank"],
      ["None", "none"],
    ]),
    [
      ["Pattern", "Mixed OA/RA", "pattern"],
      ["Other", "New one", "other"],
    ],
  );
});

test("each kind's own scale when its headline is not that scale: grip in kg as it is, PRWE and QuickDASH mirrored", () => {
  assert.deepEqual(
    [KINDS.GRIP.ownScale.name, KINDS.GRIP.ownScale.max, KINDS.GRIP.ownScale.fromHeadline(31.25)],
    ["grip strength (kg)", 100, 31.25],
  );
  assert.equal(KINDS.PRWE.ownScale.fromHeadline(59.5), 40.5);
  assert.equal(KINDS.PRWE.ownScale.fromHeadline(66.667), 33.33, "to two decimals");
  assert.deepEqual(
    [KINDS.PRWE.ownScale.name, KINDS.PRWE.ownScale.max, KINDS.PRWE.ownScale.direction],
    ["PRWE", 100, "higher is more pain and disability"],
  );
  assert.equal(KINDS.QUICKDASH.ownScale.fromHeadline(66.667), 33.33);
});

test("grip and PRWE summary lines leave out what the snapshot lacks", () => {
  assert.equal(KINDS.GRIP.summary({}, EN), "Grip strength");
  assert.equal(KINDS.GRIP.summary({ meanKg: 31.25, percentOfNorm: 97.6 }, EN), "Grip strength 31.3 kg · 98% of norm");
  assert.equal(KINDS.GRIP.summary({ meanKg: 31.25 }, EN), "Grip strength 31.3 kg");
  assert.equal(KINDS.PRWE.summary({}, EN), "PRWE");
  assert.equal(KINDS.PRWE.summary({ prweScore: 40.5, painScore: 23, functionScore: 17.5 }, EN), "PRWE 40.5/100 · pain 23 · function 17.5");
  assert.equal(KINDS.PRWE.summary({ prweScore: 40.5, painScore: null, functionScore: "x" }, EN), "PRWE 40.5/100 · function 0");
});

test("each kind's notes name a member of its snapshot and a catalogue label", () => {
  const labels = Object.keys(ENGLISH.table.notes);
  const notes = KIND_LIST.flatMap((kind) => (kind.notes ?? []).map((note) => [kind.type, note.key, note.label, note.item]));
  assert.deepEqual(notes, [
    ["PAIN", "entries", "where", "painArea"],
    ["PAIN", "medications", "medication", "medication"],
    ["PAIN", "strategies", "selfCare", "token"],
    ["PAIN", "comments", "comments", "text"],
    ["ARTHRITIS", "clinicalFlags", "flags", "flag"],
  ]);
  for (const [type, key, label] of notes) {
    const snapshot = KIND_CONTRACTS[type as "PAIN" | "ARTHRITIS"].snapshot.shape;
    assert.ok(key! in snapshot, `${type}.${key}`);
    assert.ok(labels.includes(label!), `${type}: ${label}`);
  }
});

test("the voice hears each kind by its words, whole words only, the longest match winning", () => {
  assert.deepEqual(
    [
      "pain",
      "a trip to Spain",
      "range of motion",
      "ROM",
      "a message from home",
      "bend my wrist",
      "tapping",
      "a stapler",
      "dexterity",
      "arthritis",
      "osteoarthritis",
      "thumb",
      "quickdash",
      "the questionnaire",
      "squeezing",
      "the dynamometer",
      "a wrist evaluation",
      "PRWE",
    ].map(assessmentTypeIn),
    [
      "PAIN",
      null,
      "ROM",
      "ROM",
      null,
      "ROM",
      "DEXTERITY",
      null,
      "DEXTERITY",
      "ARTHRITIS",
      null,
      "THUMB",
      "QUICKDASH",
      "QUICKDASH",
      "GRIP",
      "GRIP",
      "PRWE",
      "PRWE",
    ],
  );
  assert.equal(KINDS.GRIP.voice.words.exec("keep squeezing hard")?.[0], "squeezing");
  assert.equal(KINDS.QUICKDASH.voice.words.exec("the quick dash")?.[0], "quick dash");
});

test("the camera kinds, and only they, ask for the hand in view of the camera before they start", () => {
  assert.match(CAMERA_PREPARE, /camera/);
  const camera = KIND_LIST.filter((kind) => kind.voice.prepare === CAMERA_PREPARE).map((kind) => kind.type);
  assert.deepEqual(camera, ["ROM", "DEXTERITY", "THUMB"]);
  for (const kind of KIND_LIST) assert.ok(kind.voice.prepare.length > 30, kind.type);
});

test("range of motion's joint tables: fourteen joints, each with a normal range its source states, PINKY read as the little finger", () => {
  const joints = ROM_FINGERS.flatMap(({ finger, joints }) => joints.map((joint) => `${finger}:${joint}`));
  assert.equal(joints.length, 14);
  assert.deepEqual(
    ROM_FINGERS.map((f) => f.label),
    ["Thumb", "Index", "Middle", "Ring", "Little"],
  );
  for (const joint of joints) {
    const [finger, type] = joint.split(":") as [string, string];
    const normal = romJointNormal(finger, type);
    assert.ok(normal, joint);
    assert.match(ROM_JOINT_NORMAL_SOURCE, new RegExp(`${type} 0-${normal[1]}°`), joint);
  }
  assert.deepEqual(
    [romJointNormal("THUMB", "MCP"), romJointNormal("INDEX", "MCP"), romJointNormal("INDEX", "CMC")],
    [[0, 50], [0, 90], null],
  );
  assert.equal(Object.keys(ROM_JOINT_NORMALS).length, 5);
  assert.equal(ROM_FINGER_ALIASES.PINKY, "LITTLE");
  assert.ok(ROM_FINGERS.some((f) => f.finger === ROM_FINGER_ALIASES.PINKY));
});

test("the wrist's table rows are range of motion's extension and flexion metrics, with their normal ranges", () => {
  assert.deepEqual(
    ROM_WRIST_MOTIONS.map((row) => [row.motion, row.key, row.normal]),
    KINDS.ROM.metrics.filter((m) => m.unit === "degree").map((m) => [m.label.replace("Wrist ", ""), m.key, m.normal!.range]),
  );
});

test("the standings judge poor light by the lighting value a camera result records", () => {
  const { poorLighting, minValidFramesPercent } = standingThresholds();
  assert.equal(romSnapshot.safeParse({ lightingQuality: poorLighting }).success, true);
  assert.equal(poorLighting, "POOR");
  assert.equal(minValidFramesPercent, 50);
});

test("the score points' sub-score columns: range of motion, dexterity and pain each fill their own, the other kinds none", () => {
  assert.deepEqual(
    KIND_LIST.map((kind) => [kind.type, kind.scoreColumn ?? null]),
    [
      ["ROM", "romScore"],
      ["DEXTERITY", "dexterityScore"],
      ["PAIN", "painScore"],
      ["ARTHRITIS", null],
      ["THUMB", null],
      ["QUICKDASH", null],
      ["GRIP", null],
      ["PRWE", null],
    ],
  );
});

test("every normal range cites where it comes from", () => {
  const ranged = KIND_LIST.flatMap((kind) => kind.metrics.filter((m) => m.normal).map((m) => [kind.type, m.key, m.normal!.source]));
  assert.equal(ranged.length, 4, "ROM's and THUMB's wrist extension and flexion");
  for (const [type, key, source] of ranged) assert.match(source!, /American Academy of Orthopaedic Surgeons.*1965/, `${type}.${key}`);
});

test("the kinds the service scores show no words beside their numbers", () => {
  for (const kind of [KINDS.QUICKDASH, KINDS.GRIP, KINDS.PRWE] as KindModule[]) {
    assert.deepEqual(kind.facts({ lightingQuality: "GOOD", painType: "SHARP", patternType: "MIXED" }), [], kind.type);
  }
});

test("arthritis summaries name the OA, RA and mixed patterns and leave out an undetermined one", () => {
  assert.deepEqual(
    ["OA_PATTERN", "RA_PATTERN", "MIXED", "UNDETERMINED"].map((patternType) => KINDS.ARTHRITIS.summary({ patternType }, EN)),
    ["Arthritis · OA pattern", "Arthritis · RA pattern", "Arthritis · mixed pattern", "Arthritis"],
  );
});

test("the FHIR Observation's note is pain's free-text comments, and no other kind has one", () => {
  const noted = KIND_LIST.filter((kind) => kind.fhir.noteKey).map((kind) => [kind.type, kind.fhir.noteKey]);
  assert.deepEqual(noted, [["PAIN", "comments"]]);
  assert.equal(KIND_CONTRACTS.PAIN.snapshot.safeParse({ comments: 5 }).success, false, "a text member");
  assert.equal(KIND_CONTRACTS.PAIN.snapshot.safeParse({ comments: "worse after typing" }).success, true);
});

test("a change within a billionth of the MCID reaches it (binary fractions); a hundred-thousandth short does not", () => {
  const spec = { mcid: { points: 10, source: "test" } };
  assert.equal(reachesMcid(spec, 0, 10 - 1e-9), true);
  assert.equal(reachesMcid(spec, 0, 10 - 1e-5), false);
});
