// Each kind module's own rules, one by one: the words people read and hear, the headline lines
// and summaries with and without values, the number formats, the MCID overrides, QuickDASH's
// submission rules, and the registry's look-ups. kinds.test.ts checks that the surfaces agree.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { byKind, headlineScore, KIND_LIST, KINDS, kindOf } from "@/lib/assessments/kinds";
import { KIND_CONTRACTS, kindSubmissionEndpoints } from "@/lib/assessments/kinds/contracts";
import { progressionName } from "@/lib/assessments/kinds/arthritis";
import {
  isBetter,
  primaryMeasure,
  reachesMcid,
  configurable,
  line,
  part,
  presentMetrics,
  roundTo,
  scoredName,
  type KindModule,
  wordFacts,
  words,
} from "@/lib/assessments/kinds/kind";
import { painLabel, painScores } from "@/lib/assessments/kinds/pain";
import { formatMetric, headlineText } from "@/lib/report-view/present";
import { ENGLISH, summaryWords, wordsFor } from "@/lib/report-view/words";
import { z } from "zod";
import { quickdashInput, quickdashResponse, quickdashScores, quickdashSnapshot } from "@/lib/assessments/kinds/quickdash-contract";
import { standingThresholds } from "@/lib/assessments/kinds/thresholds";
import { gripInput, gripNormKg, gripScores, gripSnapshot } from "@/lib/assessments/kinds/grip-contract";
import { prweInput, prweScores, prweSnapshot } from "@/lib/assessments/kinds/prwe-contract";
import type { SubmissionCaller } from "@/lib/assessments/kinds/kind";

const EN = summaryWords(ENGLISH);

test("each kind's names as documents, lists and the voice say them", () => {
  assert.deepEqual(
    KIND_LIST.map((kind) => [kind.type, kind.stored, kind.name, kind.shortName, kind.spoken]),
    [
      ["ROM", "ROM", "Range of motion", "Range of motion", "range of motion"],
      ["DEXTERITY", "FINGER_TAPPING", "Dexterity (finger tapping)", "Dexterity", "finger tapping"],
      ["PAIN", "PAIN", "Pain", "Pain", "pain"],
      ["ARTHRITIS", "ARTHRITIS", "Arthritis evaluation", "Arthritis", "arthritis"],
      ["THUMB", "THUMB_MOVEMENTS", "Thumb movements", "Thumb movements", "thumb movement"],
      ["QUICKDASH", "QUICKDASH", "QuickDASH questionnaire", "QuickDASH", "QuickDASH questionnaire"],
      ["GRIP", "GRIP", "Grip strength", "Grip strength", "grip strength"],
      ["PRWE", "PRWE", "Patient-Rated Wrist Evaluation (PRWE)", "PRWE", "patient-rated wrist evaluation"],
    ],
  );
});

test("each kind's metrics: labels, units, scales, directions, normal ranges and decimals, in the order every surface shows them", () => {
  const table = byKind((kind) =>
    kind.metrics.map((m) => [m.key, m.label, m.unit, m.scale ?? null, m.direction ?? null, m.normal?.range ?? null, m.digits ?? null]),
  );
  assert.deepEqual(table.ROM, [
    ["overallScore", "Overall score", "score", [0, 100], "higherIsBetter", null, null],
    ["wristScore", "Wrist score", "score", [0, 100], "higherIsBetter", null, null],
    ["fingerScore", "Finger score", "score", [0, 100], "higherIsBetter", null, null],
    ["extensionDeg", "Wrist extension", "degree", null, "higherIsBetter", [0, 70], null],
    ["flexionDeg", "Wrist flexion", "degree", null, "higherIsBetter", [0, 80], null],
  ]);
  assert.deepEqual(table.THUMB, table.ROM);
  assert.deepEqual(table.DEXTERITY, [
    ["overallScore", "Overall score", "score", [0, 100], "higherIsBetter", null, null],
    ["speedScore", "Speed score", "score", [0, 100], "higherIsBetter", null, null],
    ["touchPrecision", "Touch precision", "score", [0, 100], "higherIsBetter", null, null],
    ["consistencyScore", "Consistency", "score", [0, 100], "higherIsBetter", null, null],
    ["sequenceAccuracy", "Sequence accuracy", "score", [0, 100], "higherIsBetter", null, null],
    ["cycleCount", "Tapping cycles", "count", null, null, null, null],
    ["totalTouches", "Total touches", "count", null, null, null, null],
    ["sequencesCompleted", "Sequences completed", "count", null, "higherIsBetter", null, null],
    ["timeTo10Sequences", "Time to 10 sequences", "second", null, "higherIsWorse", null, null],
    ["averageFrequency", "Tapping rate", "perSecond", null, "higherIsBetter", null, null],
  ]);
  assert.deepEqual(table.PAIN, [["maxSeverity", "Worst pain", "severity", [0, 10], "higherIsWorse", null, null]]);
  assert.deepEqual(table.ARTHRITIS, [
    ["compositeScore", "Composite score", "score", [0, 100], "higherIsBetter", null, null],
    ["progressionLevel", "Progression level", "level", [0, 4], "higherIsWorse", null, 0],
    ["romDeficitScore", "Range of motion", "score", [0, 100], "higherIsBetter", null, null],
    ["painBurdenScore", "Pain burden", "score", [0, 100], "higherIsBetter", null, null],
    ["functionalScore", "Function", "score", [0, 100], "higherIsBetter", null, null],
    ["stiffnessScore", "Stiffness", "score", [0, 100], "higherIsBetter", null, null],
    ["affectedJointCount", "Affected joints", "count", null, "higherIsWorse", null, null],
  ]);
  assert.deepEqual(table.QUICKDASH, [
    ["quickDashScore", "QuickDASH disability", "score", [0, 100], "higherIsWorse", null, null],
    ["workScore", "Work module", "score", [0, 100], "higherIsWorse", null, null],
    ["sportsMusicScore", "Sports/performing arts module", "score", [0, 100], "higherIsWorse", null, null],
    ["answeredCount", "Items answered", "count", null, null, null, 0],
  ]);
  assert.deepEqual(table.GRIP, [
    ["meanKg", "Grip strength", "kg", [0, 100], "higherIsBetter", null, null],
    ["bestKg", "Best trial", "kg", null, "higherIsBetter", null, null],
    ["percentOfNorm", "Of the age- and sex-matched norm", "percent", null, "higherIsBetter", null, 0],
    ["percentOfOtherHand", "Of the other hand", "percent", null, "higherIsBetter", null, 0],
  ]);
  assert.deepEqual(table.PRWE, [
    ["prweScore", "PRWE total", "score", [0, 100], "higherIsWorse", null, null],
    ["painScore", "PRWE pain", "score", [0, 50], "higherIsWorse", null, null],
    ["functionScore", "PRWE function", "score", [0, 50], "higherIsWorse", null, null],
    ["answeredCount", "Items answered", "count", null, null, null, 0],
  ]);
});

test("each kind's own measure is one of its metrics, with a direction, a scale and an MCID citing its source", () => {
  for (const kind of KIND_LIST) {
    const spec = primaryMeasure(kind);
    assert.ok(spec.direction && spec.scale && spec.mcid, kind.type);
    assert.ok(spec.mcid.source.length > 20, kind.type);
  }
  assert.deepEqual(
    byKind((kind) => kind.measure),
    {
      ROM: "overallScore",
      DEXTERITY: "overallScore",
      PAIN: "maxSeverity",
      ARTHRITIS: "compositeScore",
      THUMB: "overallScore",
      QUICKDASH: "quickDashScore",
      GRIP: "meanKg",
      PRWE: "prweScore",
    },
  );
});

test("an MCID is reached inclusively, by points or by share (pain: 2 points or 30 %)", () => {
  const pain = primaryMeasure(KINDS.PAIN);
  assert.equal(reachesMcid(pain, 2, 3), true, "1 point is 50 % of 2");
  assert.equal(reachesMcid(pain, 5, 6), false, "1 point is 20 % of 5");
  assert.equal(reachesMcid(pain, 8, 9), false, "1 point is 12.5 % of 8");
  assert.equal(reachesMcid(pain, 6, 8), true, "2 points, inclusive");
  const quickdash = primaryMeasure(KINDS.QUICKDASH);
  assert.equal(reachesMcid(quickdash, 20.5, 36.4), false);
  assert.equal(reachesMcid(quickdash, 20.5, 36.41), true);
  assert.equal(isBetter(quickdash, 38.6, 20.5), true, "QuickDASH falling is better");
  assert.equal(isBetter(pain, 2, 6), false, "pain rising is worse");
  assert.equal(isBetter(primaryMeasure(KINDS.ROM), 60, 70), true);
});

test("each kind's FHIR coding: own code, category, value member and texts", () => {
  assert.deepEqual(
    KIND_LIST.map((kind) => [kind.fhir.ownCode, kind.fhir.category, kind.fhir.valueKey, kind.fhir.metricComponents ?? false]),
    [
      ["rom", "exam", "overallScore", false],
      ["dexterity", "exam", "overallScore", false],
      ["pain", "survey", "maxSeverity", false],
      ["arthritis", "survey", "compositeScore", false],
      ["thumb", "exam", "overallScore", false],
      ["quickdash", "survey", "quickDashScore", true],
      ["grip", "exam", "meanKg", true],
      ["prwe", "survey", "prweScore", true],
    ],
  );
  assert.deepEqual(
    KIND_LIST.map((kind) => [kind.fhir.display, kind.fhir.text, kind.fhir.definition]),
    [
      [
        "Hand range-of-motion assessment",
        "Hand range-of-motion assessment",
        "Camera-measured range of motion of the wrist and finger joints, scored 0-100",
      ],
      ["Finger-tapping dexterity assessment", "Finger-tapping dexterity assessment", "Timed finger-tapping sequences, scored 0-100"],
      [
        "Hand pain self-assessment",
        "Hand pain, worst severity (0-10)",
        "Self-reported pain by location (0-10), with medications and strategies",
      ],
      [
        "Hand arthritis self-evaluation",
        "Hand arthritis self-evaluation",
        "Questionnaire and the app's computed arthritis evaluation, stored as the app computed it",
      ],
      ["Thumb movement assessment", "Thumb movement assessment", "Camera-measured thumb movements, scored 0-100"],
      [
        "QuickDASH score",
        "QuickDASH (shortened Disabilities of the Arm, Shoulder and Hand) score",
        "The 11-item QuickDASH and its optional modules, scored 0-100 as published (higher is more disability)",
      ],
      [
        "Grip strength",
        "Grip strength (hand dynamometer, mean of three trials)",
        "Grip strength with a hand dynamometer: the mean of three trials in kg, with the best trial and its share of the norm",
      ],
      [
        "PRWE score",
        "Patient-Rated Wrist Evaluation (PRWE) score",
        "The Patient-Rated Wrist Evaluation: pain (0-50) and function (0-50) subscales and their total (0-100, higher is worse)",
      ],
    ],
  );
});

test("headline lines: each kind's own measure from its declaration, with a value and without one", () => {
  const text = byKind((kind) => [
    headlineText(kind, {
      overallScore: 72.25,
      maxSeverity: 6,
      compositeScore: 64,
      progressionLevel: 2,
      quickDashScore: 22.73,
      meanKg: 31.25,
      prweScore: 40.5,
    }),
    headlineText(kind, {}),
  ]);
  assert.deepEqual(text, {
    ROM: ["Overall score 72.3 / 100 (higher is better)", "Overall score: not recorded"],
    DEXTERITY: ["Overall score 72.3 / 100 (higher is better)", "Overall score: not recorded"],
    PAIN: ["Worst pain 6 / 10 (Distressing)", "Worst pain: not recorded"],
    ARTHRITIS: ["Composite score 64 / 100 (higher is better)", "Composite score: not recorded"],
    THUMB: ["Overall score 72.3 / 100 (higher is better)", "Overall score: not recorded"],
    QUICKDASH: ["QuickDASH disability 22.7 / 100 (lower is better)", "QuickDASH disability: not recorded"],
    GRIP: ["Grip strength 31.3 kg", "Grip strength: not recorded"],
    PRWE: ["PRWE total 40.5 / 100 (lower is better)", "PRWE total: not recorded"],
  });
  assert.equal(headlineText(KINDS.ARTHRITIS, { compositeScore: "64" }), "Composite score: not recorded");
  assert.equal(
    headlineText(KINDS.ROM, { overallScore: 70, extensionDeg: 60, flexionDeg: 72 }),
    "Overall score 70 / 100 (higher is better) · Wrist extension 60° · Wrist flexion 72°",
  );
  assert.equal(formatMetric({ unit: "score" }, 72.25, wordsFor("es")), "72,3 / 100");
});

test("summary lines leave out what the snapshot lacks", () => {
  assert.equal(KINDS.ROM.summary({}, EN), "ROM");
  assert.equal(KINDS.ROM.summary({ overallScore: 71.6, fingerScore: 64.5 }, EN), "ROM 72/100 · fingers 65");
  assert.equal(KINDS.DEXTERITY.summary({ speedScore: 75 }, EN), "Dexterity · speed 75");
  assert.equal(KINDS.THUMB.summary({ overallScore: 58, wristScore: 80 }, EN), "Thumb 58/100");
  assert.equal(KINDS.THUMB.summary({}, EN), "Thumb");
  assert.equal(KINDS.PAIN.summary({ maxSeverity: 6.4, entries: [{}, {}] }, EN), "Pain 6/10 max · 2 areas");
  assert.equal(KINDS.PAIN.summary({ maxSeverity: 0, entries: [{}] }, EN), "Pain 0/10 max · 1 area");
  assert.equal(KINDS.PAIN.summary({ entries: "none" }, EN), "Pain");
  assert.equal(
    KINDS.ARTHRITIS.summary({ compositeScore: 64, progressionLevel: 2, patternType: "OA_PATTERN" }, EN),
    "Arthritis 64/100 · Moderate · OA pattern",
  );
  assert.equal(KINDS.ARTHRITIS.summary({ compositeScore: 64, progressionLevel: 9, patternType: "UNDETERMINED" }, EN), "Arthritis 64/100");
  assert.equal(KINDS.ARTHRITIS.summary({ progressionLevel: 0, patternType: 3 }, EN), "Arthritis · No Concerns");
  assert.equal(KINDS.QUICKDASH.summary({}, EN), "QuickDASH");
  assert.equal(KINDS.QUICKDASH.summary({ quickDashScore: 25, workScore: null }, EN), "QuickDASH 25/100 disability");
  assert.equal(KINDS.QUICKDASH.summary({ quickDashScore: 25, workScore: "x" }, EN), "QuickDASH 25/100 disability · work 0");
});

test("facts: the words beside the numbers, named or in words, empty ones left out", () => {
  assert.deepEqual(KINDS.ROM.facts({ lightingQuality: "GOOD" }), [["Lighting", "Good", "lightingQuality"]]);
  assert.deepEqual(KINDS.DEXTERITY.facts({ lightingQuality: "LOW_LIGHT" }), [["Lighting", "Low light", "lightingQuality"]]);
  assert.deepEqual(KINDS.THUMB.facts({ lightingQuality: " " }), []);
  assert.deepEqual(KINDS.PAIN.facts({ painType: "DULL_ACHING", timeOfDay: "MORNING", mode: "GUIDED" }), [
    ["Pain type", "Dull aching", "painType"],
    ["Time of day", "Morning", "timeOfDay"],
    ["Mode", "Guided", "mode"],
  ]);
  assert.deepEqual(KINDS.ARTHRITIS.facts({ patternType: "MIXED" }), [["Pattern", "Mixed OA/RA", "patternType"]]);
  assert.deepEqual(KINDS.ARTHRITIS.facts({ patternType: "NEW_PATTERN" }), [["Pattern", "New pattern", "patternType"]]);
  const questionnaire: KindModule = KINDS.QUICKDASH;
  assert.deepEqual(questionnaire.facts({ responses: "x" }), []);
  assert.deepEqual(
    wordFacts({ note: "A".repeat(130), count: 3 }, [
      ["Note", "note"],
      ["Count", "count"],
    ]),
    [["Note", `A${"a".repeat(119)}`, "note"]],
  );
});

test("numbers: rounding, units and the parts of a line", () => {
  assert.equal(roundTo(12.345), "12.3");
  assert.equal(roundTo(12.355, 2), "12.36");
  assert.equal(roundTo(7), "7");
  assert.deepEqual(
    (["score", "degree", "second", "perSecond", "count", "severity", "level", "kg", "percent"] as const).map((unit) =>
      formatMetric({ unit }, 4.256),
    ),
    ["4.3 / 100", "4.3°", "4.3 s", "4.26 taps/s", "4.3", "4.3 / 10", "4.3", "4.3 kg", "4.3 %"],
  );
  assert.equal(formatMetric({ unit: "score", scale: [0, 50] }, 12.5), "12.5 / 50", "a score out of its own published maximum");
  assert.equal(formatMetric({ unit: "perSecond", digits: 0 }, 4.5), "5 taps/s");
  assert.equal(scoredName(EN, "rom", 71.5), "ROM 72/100");
  assert.equal(scoredName(EN, "rom", Number.NaN), "ROM");
  assert.equal(part(EN, "wrist", 79.6), "wrist 80");
  assert.equal(part(EN, "touches", 41.5), "42 touches");
  assert.equal(part(EN, "wrist", Infinity), null);
  assert.equal(line("a", null, false, undefined, "", "b"), "a · b");
  assert.equal(words("DULL_ACHING_PAIN"), "Dull aching pain");
  assert.deepEqual(
    presentMetrics(KINDS.PAIN, { maxSeverity: 3, overallScore: "70" }).map(({ spec, value }) => [spec.key, value]),
    [["maxSeverity", 3]],
  );
});

test("pain: the worst entry, its score and its label, clamped to the 0-10 scale", () => {
  assert.deepEqual(painScores([]), { maxSeverity: null, overallScore: null }, "no entries is no rating, not no pain");
  assert.deepEqual(painScores([{ severity: 3 }, { severity: 5 }, { severity: 2 }]), { maxSeverity: 5, overallScore: 50 });
  assert.deepEqual(painScores([{ severity: 10 }]), { maxSeverity: 10, overallScore: 0 });
  assert.deepEqual(
    [painLabel(-2), painLabel(0.4), painLabel(4.5), painLabel(10), painLabel(12)],
    ["No pain", "No pain", "Distracting", "Worst possible", "Worst possible"],
  );
  assert.equal(KINDS.PAIN.ownScale.fromHeadline(35), 6.5);
  assert.deepEqual([KINDS.PAIN.ownScale.name, KINDS.PAIN.ownScale.max], ["worst pain", 10]);
});

test("arthritis: progression names, clamped to levels 0-4", () => {
  assert.deepEqual(
    [progressionName(-1), progressionName(0), progressionName(1.4), progressionName(3.5), progressionName(7)],
    ["No Concerns", "No Concerns", "Minimal", "Severe", "Severe"],
  );
});

test("QuickDASH: at most one unanswered item, modules of four, the scores and the reply", () => {
  const answers = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3];
  assert.equal(quickdashInput.safeParse({ responses: answers.map((a, i) => (i === 4 ? null : a)) }).success, true);
  const twoMissing = quickdashInput.safeParse({ responses: answers.map((a, i) => (i < 2 ? null : a)) });
  assert.deepEqual(
    twoMissing.error?.issues.map((issue) => [issue.path.join("."), issue.message]),
    [["responses", "at most one of the 11 items may be unanswered"]],
  );
  assert.equal(quickdashInput.safeParse({ responses: answers.slice(1) }).success, false);
  assert.equal(quickdashInput.safeParse({ responses: answers, work: [1, 2, 3] }).success, false);
  assert.equal(quickdashInput.safeParse({ responses: answers, sportsMusic: [1, 2, 3, 6] }).success, false);
  assert.deepEqual(quickdashScores({ responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], sportsMusic: [2, 2, 3, 3] }), {
    quickDashScore: 2.27,
    workScore: null,
    sportsMusicScore: 37.5,
    answeredCount: 11,
    overallScore: 97.73,
    responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2],
    work: null,
    sportsMusic: [2, 2, 3, 3],
  });
  assert.equal(quickdashScores({ responses: answers.map((a, i) => (i === 0 ? null : a)) }).answeredCount, 10);
  const built = KIND_CONTRACTS.QUICKDASH.submission.build({ responses: answers, work: [1, 1, 1, 1] });
  assert.deepEqual(built.reply(), {
    quickDashScore: 50,
    workScore: 0,
    sportsMusicScore: null,
    answeredCount: 11,
    overallScore: 50,
  });
  assert.equal(built.hand, null);
  assert.equal(KIND_CONTRACTS.QUICKDASH.submission.build({ responses: answers, hand: "LEFT" }).hand, "LEFT");
  assert.equal(KINDS.QUICKDASH.ownScale.fromHeadline(77.27), 22.73);
  assert.deepEqual(
    [KINDS.QUICKDASH.ownScale.name, KINDS.QUICKDASH.ownScale.max, KINDS.QUICKDASH.ownScale.direction],
    ["QuickDASH disability", 100, "higher is more disability"],
  );
  assert.deepEqual(Object.keys(kindSubmissionEndpoints), [
    "romEndpoint",
    "dexterityEndpoint",
    "painEndpoint",
    "arthritisEndpoint",
    "quickdashEndpoint",
    "gripEndpoint",
    "prweEndpoint",
  ]);
  assert.equal(kindSubmissionEndpoints.quickdashEndpoint!.path, "/assessments/quickdash");
});

test("the registry: stored and read names find their kind, anything else none; a missing snapshot has no headline", () => {
  assert.equal(kindOf("FINGER_TAPPING"), KINDS.DEXTERITY);
  assert.equal(kindOf("THUMB"), KINDS.THUMB);
  assert.equal(kindOf("toString"), null);
  assert.equal(kindOf("HEIGHT"), null);
  assert.equal(headlineScore("PAIN", { overallScore: 40 }), 40);
  assert.equal(headlineScore("PAIN", null), null);
  assert.equal(headlineScore("HEIGHT", { overallScore: 40 }), null);
  assert.equal(KINDS.ARTHRITIS.headline({ compositeScore: 64, overallScore: 10 }), 64);
});

test("MCID defaults are overridden by their variable only with a number above 0 and at most 100", () => {
  const name = "ATTENTION_MCID_TEST";
  const read = (raw: string | undefined) => {
    if (raw === undefined) delete process.env[name];
    else process.env[name] = raw;
    return configurable(name, 10);
  };
  assert.deepEqual([undefined, "", "  ", "12.5", "100", "0", "-3", "101", "ten"].map(read), [10, 10, 10, 12.5, 100, 10, 10, 10, 10]);
  delete process.env[name];
  assert.deepEqual(
    KIND_LIST.map((kind) => primaryMeasure(kind).mcid?.env ?? null),
    ["ATTENTION_MCID_ROM", "ATTENTION_MCID_DEXTERITY", null, "ATTENTION_MCID_ARTHRITIS", "ATTENTION_MCID_THUMB", null, null, null],
  );
  for (const kind of KIND_LIST) {
    const mcid = primaryMeasure(kind).mcid!;
    if (mcid.env) assert.match(mcid.source, new RegExp(`Set ${mcid.env} to change it\\.$`), kind.type);
  }
  assert.deepEqual(
    Object.values(standingThresholds().measures).map((m) => m.points),
    [10, 10, 2, 10, 10, 15.91, 6.5, 11.5],
  );
});

test("QuickDASH's stored snapshot: scores 0-100, 10 or 11 items answered, documented as its own named schema", () => {
  const snapshot = quickdashScores({ responses: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, null], work: [5, 5, 5, 5] });
  assert.equal(quickdashSnapshot.safeParse(snapshot).success, true);
  for (const [key, value] of [
    ["quickDashScore", 100],
    ["overallScore", 0],
    ["workScore", null],
    ["answeredCount", 11],
  ] as const) {
    assert.equal(quickdashSnapshot.safeParse({ ...snapshot, [key]: value }).success, true, `${key} ${value}`);
  }
  for (const [key, value] of [
    ["quickDashScore", 100.5],
    ["quickDashScore", -1],
    ["workScore", 101],
    ["answeredCount", 9],
    ["answeredCount", 12],
  ] as const) {
    assert.equal(quickdashSnapshot.safeParse({ ...snapshot, [key]: value }).success, false, `${key} ${value}`);
  }
  const issue = quickdashInput.safeParse({ responses: [null, null, 1, 1, 1, 1, 1, 1, 1, 1, 1] }).error?.issues[0];
  assert.equal(issue?.code, "custom");
  assert.equal(z.globalRegistry.get(quickdashSnapshot)?.id, "QuickDashSnapshot");
});

test("QuickDASH's contract: the reply's documented fields, and a description for every field a caller fills or reads", () => {
  assert.deepEqual(Object.keys(quickdashResponse.shape), [
    "id",
    "code",
    "formattedCode",
    "quickDashScore",
    "workScore",
    "sportsMusicScore",
    "answeredCount",
    "overallScore",
  ]);
  const built = KIND_CONTRACTS.QUICKDASH.submission.build({ responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] });
  assert.equal(quickdashResponse.safeParse({ id: 1, code: "ABC234", formattedCode: "ABC-234", ...built.reply() }).success, true);
  const described = (shape: Record<string, z.ZodType>, keys: string[]) => {
    for (const key of keys) assert.ok((shape[key]?.description ?? "").length > 20, key);
  };
  described(quickdashInput.shape, ["responses", "work", "sportsMusic"]);
  described(quickdashSnapshot.shape, ["quickDashScore", "workScore", "sportsMusicScore", "overallScore"]);
});

test("the kind-literal lint rule names exactly the registry's wire and stored names", async () => {
  const { KIND_NAMES } = (await import(join(process.cwd(), "eslint.config.mjs"))) as { KIND_NAMES: string[] };
  const registered = new Set(Object.values(KINDS).flatMap((kind) => [kind.type, kind.stored]));
  assert.deepEqual(new Set(KIND_NAMES), registered);
});

const NO_CALLER: SubmissionCaller = { age: null, sex: null, recent: () => null };

test("grip: the mean and best of three trials, the Mathiowetz norm by age, sex and hand, and the other hand's share", () => {
  const right = { hand: "RIGHT" as const, trialsKg: [30, 32, 34] };
  assert.deepEqual(gripScores(right, NO_CALLER), { trialsKg: [30, 32, 34], position: 2, meanKg: 32, bestKg: 34 });
  // A woman of 42, right hand: 70.4 lb = 31.93 kg; 32 / 31.93 = 100.2 %.
  assert.equal(gripScores(right, { ...NO_CALLER, age: 42, sex: "Female" }).percentOfNorm, 100.2);
  // A man of 67, left hand: 76.8 lb = 34.84 kg; mean (20 + 21 + 22.5) / 3 = 21.17; 21.17 / 34.84 = 60.8 %.
  const older = gripScores({ hand: "LEFT", trialsKg: [20, 21, 22.5], position: 3 }, { ...NO_CALLER, age: 67, sex: "m" });
  assert.deepEqual([older.meanKg, older.bestKg, older.position, older.percentOfNorm], [21.17, 22.5, 3, 60.8]);
  // Past the last group (75 and over) the last group's norm: 65.7 lb = 29.8 kg.
  assert.equal(gripScores(right, { ...NO_CALLER, age: 90, sex: "male" }).percentOfNorm, 107.4);
  for (const caller of [
    { ...NO_CALLER, age: 19, sex: "female" },
    { ...NO_CALLER, age: 40, sex: "other" },
    { ...NO_CALLER, age: 40 },
    { ...NO_CALLER, sex: "female" },
  ]) {
    assert.equal(gripScores(right, caller).percentOfNorm, undefined, JSON.stringify(caller));
  }
  // The other hand's latest mean 40 kg: 32 / 40 = 80 %; a zero there gives no share.
  const withLeft = { ...NO_CALLER, recent: (hand: string) => (hand === "LEFT" ? { meanKg: 40 } : { meanKg: 99 }) };
  assert.equal(gripScores(right, withLeft).percentOfOtherHand, 80);
  assert.equal(gripScores(right, { ...NO_CALLER, recent: () => ({ meanKg: 0 }) }).percentOfOtherHand, undefined);
  assert.deepEqual(gripScores({ hand: "LEFT", trialsKg: [0, 0, 0] }, { ...NO_CALLER, age: 30, sex: "f" }), {
    trialsKg: [0, 0, 0],
    position: 2,
    meanKg: 0,
    bestKg: 0,
    percentOfNorm: 0,
  });
  assert.equal(gripNormKg("RIGHT", 20, "male"), 121.0 * 0.45359237);
});

test("grip: every word the profile's free-text sex may hold for the norms, in English and Spanish, in any case and spacing", () => {
  const female = gripNormKg("RIGHT", 42, "female");
  const male = gripNormKg("RIGHT", 42, "male");
  assert.ok(female && male && female !== male);
  for (const word of ["female", "f", "woman", "mujer", " Mujer ", "WOMAN"]) assert.equal(gripNormKg("RIGHT", 42, word), female, word);
  for (const word of ["male", "m", "man", "hombre", " Hombre ", "MAN"]) assert.equal(gripNormKg("RIGHT", 42, word), male, word);
  for (const word of ["other", "x", "femenino", "mujeres", ""]) assert.equal(gripNormKg("RIGHT", 42, word), null, word);
});

test("grip: three trials of 0-100 kg for LEFT or RIGHT, a position 1-5, refused otherwise by field", () => {
  assert.equal(gripInput.safeParse({ hand: "RIGHT", trialsKg: [0, 50, 100], position: 5 }).success, true);
  for (const [body, field] of [
    [{ hand: "BOTH", trialsKg: [1, 2, 3] }, "hand"],
    [{ hand: "LEFT", trialsKg: [1, 2] }, "trialsKg"],
    [{ hand: "LEFT", trialsKg: [1, 2, 100.5] }, "trialsKg.2"],
    [{ hand: "LEFT", trialsKg: [-1, 2, 3] }, "trialsKg.0"],
    [{ hand: "LEFT", trialsKg: [1, 2, 3], position: 6 }, "position"],
    [{ hand: "LEFT", trialsKg: [1, 2, 3], position: 2.5 }, "position"],
  ] as const) {
    assert.equal(gripInput.safeParse(body).error?.issues[0]?.path.join("."), field, JSON.stringify(body));
  }
  assert.equal(z.globalRegistry.get(gripSnapshot)?.id, "GripSnapshot");
  const built = KIND_CONTRACTS.GRIP.submission.build({ hand: "LEFT", trialsKg: [10, 20, 30] }, NO_CALLER);
  assert.deepEqual(
    [built.hand, built.reply()],
    ["LEFT", { meanKg: 20, bestKg: 30, percentOfNorm: undefined, percentOfOtherHand: undefined }],
  );
});

const tens = (n: number, value: number | null) => Array.from({ length: n }, () => value);

test("PRWE: pain = sum, function = sum ÷ 2, total = both, computed by hand; an unanswered item takes its subscale's mean", () => {
  const scored = (pain: (number | null)[], fn: (number | null)[]) => {
    const { painScore, functionScore, prweScore, answeredCount, overallScore } = prweScores({ pain, function: fn });
    return [painScore, functionScore, prweScore, answeredCount, overallScore];
  };
  assert.deepEqual(scored(tens(5, 0), tens(10, 0)), [0, 0, 0, 15, 100], "all 0");
  assert.deepEqual(scored(tens(5, 10), tens(10, 10)), [50, 50, 100, 15, 0], "all 10: 50 + 100 / 2");
  // Mixed: pain 3 + 5 + 2 + 6 + 7 = 23; function (4 + 5 + 3 + 2 + 1 + 6 + 3 + 2 + 4 + 5) / 2 = 35 / 2 = 17.5.
  assert.deepEqual(scored([3, 5, 2, 6, 7], [4, 5, 3, 2, 1, 6, 3, 2, 4, 5]), [23, 17.5, 40.5, 15, 59.5], "mixed");
  // One unanswered in each: pain mean (2 + 4 + 6 + 8) / 4 = 5, × 5 = 25; function mean 45 / 9 = 5, × 10 / 2 = 25.
  assert.deepEqual(scored([2, 4, 6, 8, null], [1, 2, 3, 4, 5, 6, 7, 8, 9, null]), [25, 25, 50, 13, 50], "one missing per subscale");
  // Pain 1 + 2 + 2 + 2 = 7 over four answered, 1.75 × 5 = 8.75; function 10 / 2 = 5.
  assert.deepEqual(scored([1, 2, 2, null, 2], tens(10, 1)), [8.75, 5, 13.75, 14, 86.25], "a fractional mean");
});

test("PRWE refuses what the manual's rule does not score, naming the field", () => {
  const body = { hand: "RIGHT", pain: tens(5, 1), function: tens(10, 1) };
  assert.equal(prweInput.safeParse(body).success, true);
  for (const [changed, field] of [
    [{ pain: [null, null, 1, 1, 1] }, "pain"],
    [{ function: [1, 1, null, 1, 1, 1, 1, null, 1, 1] }, "function"],
    [{ pain: [1, 1, 11, 1, 1] }, "pain.2"],
    [{ function: [1, 1, 1, -1, 1, 1, 1, 1, 1, 1] }, "function.3"],
    [{ pain: [1, 1, 1, 1] }, "pain"],
    [{ hand: "BOTH" }, "hand"],
  ] as const) {
    assert.equal(prweInput.safeParse({ ...body, ...changed }).error?.issues[0]?.path.join("."), field, JSON.stringify(changed));
  }
  assert.equal(z.globalRegistry.get(prweSnapshot)?.id, "PrweSnapshot");
  assert.equal(prweSnapshot.safeParse(prweScores(body)).success, true);
});
