// A clinic of known truth: patients followed over weeks, each with a written truth of what a hand
// therapist would make of their results, and what the provider list must therefore show (flagged
// or not, why in the measure's own units, and in which order). `npm run db:seed` builds it as the
// demo clinic; test/api/known-truth.test.ts asserts the list against it on both databases. Every
// threshold it exercises is in docs/clinical.md.
import { KINDS, type Kind } from "@/lib/assessments/kinds";
import { KIND_CONTRACTS } from "@/lib/assessments/kinds/contracts";
import type { KindContract, KindModule, SubmissionCaller } from "@/lib/assessments/kinds/kind";
import { painScores } from "@/lib/assessments/kinds/pain";
import type { Snapshot } from "@/lib/assessments/read";
import { generateCode } from "@/lib/codes";
import type { AttentionGroup } from "@/lib/patients/standing";
import { insertAssessments, type PlannedAssessment, type SeedSql } from "@/lib/seed/insert";

type Hand = "LEFT" | "RIGHT" | "BOTH";

/** One result: its test, hand, days before today, and the value on the test's own measure. */
interface Result {
  kind: KindModule;
  /** Null for a questionnaire about the arm as a whole (QuickDASH). */
  hand: Hand | null;
  daysAgo: number;
  /** The own measure's value; a kind the service scores gives its submission's body instead. */
  value?: number;
  body?: Record<string, unknown>;
  poorLight?: boolean;
}

export interface KnownPatient {
  key: string;
  name: string;
  affectedHand: Hand;
  injury: string;
  /** What a hand therapist reading the results would conclude. */
  truth: string;
  results: Result[];
  /** The list's verdict: its group (null: neither flagged nor asked to re-measure) and reasons, in order. */
  expected: { group: AttentionGroup | null; needsAttention: boolean; trend: "improving" | "declining" | "stable"; reasons: string[] };
}

const WEEKLY = [42, 35, 28, 21, 14, 7];

/** A weekly series of one test and hand, the last `lastDaysAgo` days before today. */
function weekly(kind: KindModule, hand: Hand, values: number[], lastDaysAgo = 1, poorLast = false): Result[] {
  const days = WEEKLY.slice(WEEKLY.length - values.length + 1).concat(lastDaysAgo);
  return values.map((value, i) => ({ kind, hand, daysAgo: days[i]!, value, poorLight: poorLast && i === values.length - 1 }));
}

/** Eleven QuickDASH answers (1-5) summing to `sum`, one left unanswered when `missing`. */
function answers(sum: number, missing = false): (number | null)[] {
  const count = missing ? 10 : 11;
  const base = Math.floor(sum / count);
  const extra = sum - base * count;
  const given = Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
  return missing ? [...given, null] : given;
}

export const KNOWN_TRUTH: KnownPatient[] = [
  {
    key: "sharp",
    name: "Iris Sharp",
    affectedHand: "RIGHT",
    injury: "a flexor tendon repair (zone II)",
    truth: "Sharp decliner: range of motion held at 72-74 for three weeks, then 52 (a suspected rupture).",
    results: weekly(KINDS.ROM, "RIGHT", [72, 74, 73, 52], 2),
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["Range of motion (right) 74 → 52 (−22, worse; clinically important ≥ 10) since the best result (@14)"],
    },
  },
  {
    key: "slow-best",
    name: "Omar Best",
    affectedHand: "LEFT",
    injury: "carpal tunnel syndrome",
    truth: "Slow decliner caught from the best: tapping rose to 78-79, then slid 75, 72, 66; no step reaches 10 points.",
    results: weekly(KINDS.DEXTERITY, "LEFT", [70, 78, 79, 75, 72, 66], 3),
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["Dexterity (left) 79 → 66 (−13, worse; clinically important ≥ 10) since the best result (@21)"],
    },
  },
  {
    key: "grip-weaker",
    name: "Gail Grip",
    affectedHand: "RIGHT",
    injury: "a distal radius fracture",
    truth: "Grip strength weaker by more than its MCID: mean of three trials 30 kg, then 22 kg (6.5 kg, Kim 2014).",
    results: [
      { kind: KINDS.GRIP, hand: "RIGHT", daysAgo: 21, body: { hand: "RIGHT", trialsKg: [29, 30, 31] } },
      { kind: KINDS.GRIP, hand: "RIGHT", daysAgo: 5, body: { hand: "RIGHT", trialsKg: [21, 22, 23] } },
    ],
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["Grip strength (right) 30 → 22 kg (−8, worse; clinically important ≥ 6.5) since the first result (@21)"],
    },
  },
  {
    key: "prwe-worse",
    name: "Priya Wrist",
    affectedHand: "RIGHT",
    injury: "a distal radius fracture",
    truth: "PRWE worse by more than its MCID: 30, then 43.8 with one pain item unanswered (its subscale's mean, as the manual scores it).",
    results: [
      { kind: KINDS.PRWE, hand: "RIGHT", daysAgo: 21, body: { hand: "RIGHT", pain: [3, 3, 3, 3, 3], function: Array(10).fill(3) } },
      { kind: KINDS.PRWE, hand: "RIGHT", daysAgo: 2, body: { hand: "RIGHT", pain: [5, 5, 5, 4, null], function: Array(10).fill(4) } },
    ],
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["PRWE (right) 30 → 43.8 (+13.8, worse; clinically important ≥ 11.5) since the first result (@21)"],
    },
  },
  {
    key: "quickdash-worse",
    name: "Nadia Dash",
    affectedHand: "RIGHT",
    injury: "a distal radius fracture",
    truth: "QuickDASH worse by more than its MCID: 20.5 then 38.6 (higher is more disability).",
    results: [
      { kind: KINDS.QUICKDASH, hand: null, daysAgo: 21, body: { responses: answers(20) } },
      { kind: KINDS.QUICKDASH, hand: null, daysAgo: 4, body: { responses: answers(28) } },
    ],
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["QuickDASH 20.5 → 38.6 (+18.2, worse; clinically important ≥ 15.91) since the first result (@21)"],
    },
  },
  {
    key: "slow-first",
    name: "Paul First",
    affectedHand: "RIGHT",
    injury: "Dupuytren's contracture",
    truth: "Slow decliner caught from the first: 80, 77, 74, 71, 69; every step within 3 points, 11 in all.",
    results: weekly(KINDS.ROM, "RIGHT", [80, 77, 74, 71, 69], 5),
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["Range of motion (right) 80 → 69 (−11, worse; clinically important ≥ 10) since the first result (@28)"],
    },
  },
  {
    key: "pain-two",
    name: "Tom Ache",
    affectedHand: "RIGHT",
    injury: "thumb CMC osteoarthritis",
    truth: "Worst pain 2 → 3 → 4/10: 2 points from the first (Farrar), each step within 2 points.",
    results: weekly(KINDS.PAIN, "BOTH", [2, 3, 4], 1),
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["Worst pain (both hands) 2 → 4/10 (worse, ≥ 2 points) since the first result (@14)"],
    },
  },
  {
    key: "first-only",
    name: "Rita Level",
    affectedHand: "BOTH",
    injury: "rheumatoid arthritis of the hand",
    truth: "Decline against the first result, exactly the MCID: arthritis composite 70, then 60 at the next evaluation.",
    results: weekly(KINDS.ARTHRITIS, "BOTH", [70, 60], 6),
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["Arthritis (both hands) 70 → 60 (−10, worse; clinically important ≥ 10) since the first result (@7)"],
    },
  },
  {
    key: "pain-thirty",
    name: "Uma Third",
    affectedHand: "LEFT",
    injury: "trigger finger",
    truth: "Worst pain 3, 3, then 4/10: one point, but 33 % of 3 (Farrar's 30 %).",
    results: weekly(KINDS.PAIN, "BOTH", [3, 3, 4], 2),
    expected: {
      group: "decline",
      needsAttention: true,
      trend: "declining",
      reasons: ["Worst pain (both hands) 3 → 4/10 (worse, ≥ 30 %) since the first result (@14)"],
    },
  },
  {
    key: "low-pain",
    name: "Vera Steady",
    affectedHand: "RIGHT",
    injury: "a scaphoid fracture",
    truth: "Low on one test: worst pain steady at 8/10 while range of motion is good (85, 86).",
    results: [...weekly(KINDS.ROM, "RIGHT", [85, 86], 3), ...weekly(KINDS.PAIN, "BOTH", [8, 8], 3)],
    expected: { group: "low", needsAttention: true, trend: "stable", reasons: ["Worst pain (both hands) 8/10 (low: 7/10 or higher)"] },
  },
  {
    key: "low-other-hand",
    name: "Wim Twohands",
    affectedHand: "RIGHT",
    injury: "a metacarpal fracture",
    truth: "Low on the affected hand (35, 36) while the unaffected hand, also measured, scores 95: never averaged away.",
    results: [...weekly(KINDS.ROM, "RIGHT", [35, 36], 5), ...weekly(KINDS.ROM, "LEFT", [95, 94], 5)],
    expected: { group: "low", needsAttention: true, trend: "stable", reasons: ["Range of motion (right) 36 (low: 40 or lower)"] },
  },
  {
    key: "poor-light",
    name: "Xena Dim",
    affectedHand: "RIGHT",
    injury: "an extensor tendon injury",
    truth: "Poor lighting: 74, 72, 73, then 55 recorded in poor light; a re-measure, not a decline.",
    results: weekly(KINDS.ROM, "RIGHT", [74, 72, 73, 55], 1, true),
    expected: {
      group: "remeasure",
      needsAttention: false,
      trend: "stable",
      reasons: [
        "Range of motion (right) 74 → 55: re-measure to confirm (the latest result was recorded in poor light or with few usable frames)",
      ],
    },
  },
  {
    key: "outlier",
    name: "Yusuf Spike",
    affectedHand: "LEFT",
    injury: "a distal radius fracture",
    truth: "One high camera reading: 70, 81, 69. The drop rests on the 81 alone; re-measure to confirm.",
    results: weekly(KINDS.ROM, "LEFT", [70, 81, 69], 4),
    expected: {
      group: "remeasure",
      needsAttention: false,
      trend: "stable",
      reasons: [
        "Range of motion (left) 81 → 69: re-measure to confirm (it rests on the 81 of @7, which stands out from the results beside it)",
      ],
    },
  },
  {
    key: "improver",
    name: "Ada Rise",
    affectedHand: "RIGHT",
    injury: "a distal radius fracture",
    truth: "Improver: range of motion 40, 52, 64, 76; worst pain 6, 4, 2/10.",
    results: [...weekly(KINDS.ROM, "RIGHT", [40, 52, 64, 76], 2), ...weekly(KINDS.PAIN, "BOTH", [6, 4, 2], 2)],
    expected: { group: null, needsAttention: false, trend: "improving", reasons: [] },
  },
  {
    key: "spike-agreed",
    name: "Dev Settled",
    affectedHand: "RIGHT",
    injury: "carpal tunnel syndrome",
    truth: "One high reading re-measured: 70, 81, 69, 68. The second result agrees with the 70s: the 81 was the outlier.",
    results: weekly(KINDS.ROM, "RIGHT", [70, 81, 69, 68], 2),
    expected: { group: null, needsAttention: false, trend: "stable", reasons: [] },
  },
  {
    key: "wobble",
    name: "Ben Wobble",
    affectedHand: "RIGHT",
    injury: "trigger finger",
    truth: "Wobble within the MCID: 70, 76, 68, 74, 67; best to latest 9 points.",
    results: weekly(KINDS.ROM, "RIGHT", [70, 76, 68, 74, 67], 3),
    expected: { group: null, needsAttention: false, trend: "stable", reasons: [] },
  },
  {
    key: "quickdash-missing",
    name: "Clara Missing",
    affectedHand: "LEFT",
    injury: "a scaphoid fracture",
    truth: "QuickDASH improving, the latest with one item unanswered (scored from the ten answered, as published): 45.5, then 27.5.",
    results: [
      { kind: KINDS.QUICKDASH, hand: null, daysAgo: 28, body: { responses: answers(31) } },
      { kind: KINDS.QUICKDASH, hand: null, daysAgo: 3, body: { responses: answers(21, true) } },
    ],
    expected: { group: null, needsAttention: false, trend: "improving", reasons: [] },
  },
  {
    key: "unaffected-declines",
    name: "Eva Otherhand",
    affectedHand: "RIGHT",
    injury: "a metacarpal fracture",
    truth: "The unaffected hand fell 90 → 70 (measured for comparison); the affected hand is steady at 60-61: nothing to flag.",
    results: [...weekly(KINDS.ROM, "RIGHT", [60, 61], 4), ...weekly(KINDS.ROM, "LEFT", [90, 70], 4)],
    expected: { group: null, needsAttention: false, trend: "stable", reasons: [] },
  },
  {
    key: "steady-pain",
    name: "Finn Even",
    affectedHand: "LEFT",
    injury: "an extensor tendon injury",
    truth: "Steady: worst pain 5, 5, 5/10 and tapping 62, 60, 63.",
    results: [...weekly(KINDS.PAIN, "BOTH", [5, 5, 5], 6), ...weekly(KINDS.DEXTERITY, "LEFT", [62, 60, 63], 6)],
    expected: { group: null, needsAttention: false, trend: "stable", reasons: [] },
  },
];

const DAY_MS = 86_400_000;

/** The demo's records are made as the app would submit them, by no caller in particular. */
const NO_CALLER: SubmissionCaller = { age: null, sex: null, recent: () => null };

/** A result's stored snapshot, as the app's submission would store it. */
function snapshotOf(result: Result): Snapshot {
  const value = result.value ?? 0;
  const lightingQuality = result.poorLight ? "POOR" : "GOOD";
  const { submission }: KindContract = KIND_CONTRACTS[result.kind.type as Kind];
  if (result.body && submission) return submission.build(result.body as never, NO_CALLER).snapshot;
  if (result.kind === KINDS.PAIN) {
    const entries = [{ areaType: "WRIST", hand: result.hand, digit: null, location: null, severity: value }];
    return {
      ...painScores(entries),
      mode: "QUICK",
      painType: "DULL_ACHING",
      timeOfDay: "EVENING",
      entries,
      strategies: [],
      medications: [],
      comments: null,
    };
  }
  if (result.kind === KINDS.ARTHRITIS) {
    return {
      compositeScore: value,
      progressionLevel: Math.max(0, Math.min(4, Math.round((100 - value) / 22))),
      patternType: "RA_PATTERN",
      romDeficitScore: 100 - value,
      painBurdenScore: 100 - value,
      functionalScore: value,
      stiffnessScore: value,
      affectedJointCount: 4,
      clinicalFlags: [],
    };
  }
  if (result.kind === KINDS.DEXTERITY) {
    return {
      overallScore: value,
      speedScore: value,
      touchPrecision: value,
      consistencyScore: value,
      cycleCount: 10,
      totalTouches: 40,
      sequencesCompleted: 10,
      timeTo10Sequences: null,
      averageFrequency: 2.7,
      sequenceAccuracy: value,
    };
  }
  return {
    overallScore: value,
    wristScore: value,
    fingerScore: value,
    extensionDeg: Math.round((70 * value) / 100),
    flexionDeg: Math.round((80 * value) / 100),
    lightingQuality,
  };
}

/** The day `daysAgo` before `now`, as the reasons print it (YYYY-MM-DD). */
export function knownTruthDay(now: Date, daysAgo: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

/** Inserts the clinic's patients, shared with `clinicId`; returns their contact ids by key. */
export async function seedKnownTruth(sql: SeedSql, clinicId: number, tag: string, now: Date): Promise<Record<string, number>> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows = await sql.query<{ id: number; sub: string }>(
    `INSERT INTO contacts (kind, sub, email, name, roles, updated_at)
     SELECT 'PATIENT', u.sub, u.email, u.name, ARRAY['patient'], now()
     FROM unnest($1::text[], $2::text[], $3::text[]) AS u(sub, email, name)
     RETURNING id, sub`,
    [
      KNOWN_TRUTH.map((p) => `demo|${tag}|truth-${p.key}`),
      KNOWN_TRUTH.map((p) => `${p.key}.${tag}@demo.hand-assessment.app`),
      KNOWN_TRUTH.map((p) => p.name),
    ],
  );
  const idBySub = new Map(rows.map((row) => [row.sub, Number(row.id)]));
  const ids = Object.fromEntries(KNOWN_TRUTH.map((p) => [p.key, idBySub.get(`demo|${tag}|truth-${p.key}`)!]));
  const idList = KNOWN_TRUTH.map((p) => ids[p.key]!);
  await sql.query(`INSERT INTO patient_shares (patient_id, clinic_id) SELECT u.id, $2 FROM unnest($1::int[]) AS u(id)`, [idList, clinicId]);
  await sql.query(
    `INSERT INTO patient_profiles (contact_id, affected_hand, injury, updated_at)
     SELECT u.id, u.hand::"Hand", u.injury, now() FROM unnest($1::int[], $2::text[], $3::text[]) AS u(id, hand, injury)`,
    [idList, KNOWN_TRUTH.map((p) => p.affectedHand), KNOWN_TRUTH.map((p) => p.injury)],
  );
  const planned: PlannedAssessment[] = KNOWN_TRUTH.flatMap((p) =>
    p.results.map((result, i) => ({
      code: generateCode(),
      type: result.kind.stored,
      hand: result.hand,
      snapshot: snapshotOf(result),
      // Mid-morning, one minute apart: a day's results keep their order.
      date: new Date(today - result.daysAgo * DAY_MS + 10 * 3_600_000 + i * 60_000),
      patient: ids[p.key]!,
    })),
  );
  await insertAssessments(sql, planned);
  return ids;
}
