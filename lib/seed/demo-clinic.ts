// A demo clinic: a care provider, an admin, the clinic of known truth (lib/seed/known-truth.ts),
// and any number of generated patients with profiles, treatments, 90 days of assessments of every
// type along made-up trajectories (improving, declining, steady, low), score points and journal
// entries. Rows go in by the thousand through unnest() arrays, so
// 10,000 patients × 20 assessments take seconds, not hours. Used by `npm run db:seed`, the
// benchmarks and tests.
import { generateJoinCode } from "@/lib/clinics/join-code";
import { generateCode } from "@/lib/codes";
import { KINDS } from "@/lib/assessments/kinds";
import type { Snapshot } from "@/lib/assessments/read";
import { insertAssessments, type PlannedAssessment, type SeedSql } from "@/lib/seed/insert";
import { seedKnownTruth } from "@/lib/seed/known-truth";

export interface SeedOptions {
  /** Generated patients beside the clinic of known truth (the benchmarks' volume). */
  patients?: number;
  assessmentsPerPatient?: number;
  days?: number;
  journalPerPatient?: number;
  /** Patients written per round trip set. */
  batchSize?: number;
  /** Seed of the pseudo-random generator: the same seed gives the same clinic. */
  seed?: number;
  now?: Date;
  /**
   * Clinics the patients are spread over, round robin (default 2); the first patient shares with
   * every clinic. The demo care provider and the development sign-in's care provider are
   * clinicians of the first; a second demo provider (DEMO_SECOND_PROVIDER_SUB) and the
   * development sign-in's second care provider (care_provider_2) of the second.
   */
  clinics?: number;
  /** Called after each batch with the number of patients written so far. */
  progress?: (done: number) => void;
}

export interface SeedResult {
  providerSub: string;
  adminSub: string;
  patients: number;
  assessments: number;
  journalEntries: number;
  /** The clinic of known truth's patients (lib/seed/known-truth.ts), by key. */
  knownTruth: Record<string, number>;
}

export const DEMO_PROVIDER_SUB = "demo|care-provider";
export const DEMO_ADMIN_SUB = "demo|admin";
export const DEMO_SECOND_PROVIDER_SUB = "demo|care-provider-2";
/** The development sign-in's care providers (lib/auth/guard.ts DEV_PERSONAS): one in the first clinic, one in the second. */
const DEV_PROVIDER_SUB = "dev|care-provider";
const DEV_SECOND_PROVIDER_SUB = "dev|care-provider-2";

const DAY_MS = 86_400_000;

/** mulberry32: small, fast, good enough for demo data. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

const FIRST = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hugo",
  "Imani",
  "Jonas",
  "Keiko",
  "Liam",
  "Maya",
  "Noah",
  "Olga",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
  "Uma",
  "Victor",
  "Wen",
  "Xavier",
  "Yara",
  "Zoe",
  "Aaron",
  "Bea",
  "Carlos",
  "Dana",
  "Emeka",
  "Fatima",
  "Gabriel",
  "Hana",
  "Ivan",
  "Julia",
  "Kofi",
  "Lena",
  "Mateo",
  "Nora",
];
const LAST = [
  "Abbott",
  "Bauer",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Hughes",
  "Ibrahim",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Moreau",
  "Nakamura",
  "Okafor",
  "Petrov",
  "Quintero",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Umar",
  "Varga",
  "Walsh",
  "Xu",
  "Yilmaz",
  "Zhang",
  "Andersson",
  "Brennan",
  "Costa",
  "Delgado",
  "Evans",
  "Ferreira",
  "Gupta",
  "Haddad",
  "Ito",
  "Jovanovic",
  "Kim",
  "Larsen",
  "Mensah",
  "Novak",
];

interface Condition {
  injury: string;
  surgeryType: string | null;
  hand: "LEFT" | "RIGHT" | "BOTH";
}
const CONDITIONS: readonly Omit<Condition, "hand">[] = [
  { injury: "a distal radius fracture", surgeryType: "open reduction and internal fixation" },
  { injury: "a scaphoid fracture", surgeryType: "percutaneous screw fixation" },
  { injury: "a flexor tendon repair (zone II)", surgeryType: "flexor tendon repair" },
  { injury: "carpal tunnel syndrome", surgeryType: "carpal tunnel release" },
  { injury: "trigger finger", surgeryType: "A1 pulley release" },
  { injury: "Dupuytren's contracture", surgeryType: "limited fasciectomy" },
  { injury: "thumb CMC osteoarthritis", surgeryType: null },
  { injury: "a metacarpal fracture", surgeryType: null },
  { injury: "an extensor tendon injury", surgeryType: null },
  { injury: "rheumatoid arthritis of the hand", surgeryType: null },
];
const TREATMENTS = [
  "Hand therapy, twice weekly",
  "Home exercise programme",
  "Night resting splint",
  "Scar massage and desensitisation",
  "Oedema control",
  "Corticosteroid injection",
];

export type Course = "improving" | "declining" | "steady" | "low";

/** Overall level (0-100) of a patient on a day, 0 = first day, `days - 1` = today. */
function trajectory(course: Course, r: Random, days: number): (day: number) => number {
  const start = { improving: r.int(30, 50), declining: r.int(65, 82), steady: r.int(55, 80), low: r.int(20, 34) }[course];
  const change = { improving: r.int(20, 35), declining: -r.int(15, 28), steady: r.int(-3, 3), low: r.int(-4, 4) }[course];
  return (day) => start + (change * day) / Math.max(1, days - 1);
}

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value * 10) / 10));

const { ROM, DEXTERITY, PAIN, ARTHRITIS } = KINDS;
const TYPES = [ROM.stored, DEXTERITY.stored, PAIN.stored, ARTHRITIS.stored] as const;
type StoredType = (typeof TYPES)[number];

/** A score near `level` plus or minus four points of noise, `offset` shifting the centre. */
type Noisy = (offset: number) => number;

function romSnapshot(noisy: Noisy, r: Random): Snapshot {
  const overallScore = noisy(0);
  const wristScore = clamp(overallScore + r.int(-6, 8));
  return {
    overallScore,
    wristScore,
    fingerScore: clamp(overallScore + r.int(-8, 6)),
    extensionDeg: Math.round((70 * wristScore) / 100),
    flexionDeg: Math.round((80 * wristScore) / 100),
    lightingQuality: r.pick(["GOOD", "GOOD", "FAIR"]),
  };
}

function dexteritySnapshot(noisy: Noisy, r: Random): Snapshot {
  const overallScore = noisy(3);
  const totalTouches = r.int(25, 60);
  return {
    overallScore,
    speedScore: clamp(overallScore + r.int(-5, 5)),
    touchPrecision: clamp(overallScore + r.int(-4, 8)),
    consistencyScore: clamp(overallScore + r.int(-6, 4)),
    cycleCount: Math.round(totalTouches / 4),
    totalTouches,
    sequencesCompleted: Math.round(totalTouches / 4),
    timeTo10Sequences: null,
    averageFrequency: Math.round((totalTouches / 15) * 10) / 10,
    sequenceAccuracy: clamp(overallScore + r.int(-3, 6)),
  };
}

/** A quick pain check with one wrist entry on `sideHand`. */
function painSnapshot(noisy: Noisy, r: Random, sideHand: "LEFT" | "RIGHT"): Snapshot {
  const maxSeverity = Math.max(0, Math.min(10, Math.round((100 - noisy(-5)) / 10)));
  return {
    overallScore: 100 * (1 - maxSeverity / 10),
    mode: "QUICK",
    maxSeverity,
    painType: r.pick(["DULL_ACHING", "STIFFNESS", "SHARP", "THROBBING"]),
    timeOfDay: r.pick(["MORNING", "EVENING", "CONSTANT"]),
    entries: [{ areaType: "WRIST", hand: sideHand, digit: null, location: null, severity: maxSeverity }],
    strategies: [],
    medications: [],
    comments: null,
  };
}

function arthritisSnapshot(noisy: Noisy, r: Random): Snapshot {
  const compositeScore = noisy(2);
  return {
    compositeScore,
    progressionLevel: Math.max(0, Math.min(4, Math.round((100 - compositeScore) / 22))),
    patternType: r.pick(["OA_PATTERN", "UNDETERMINED", "RA_PATTERN", "MIXED"]),
    romDeficitScore: clamp(100 - compositeScore + r.int(-5, 5)),
    painBurdenScore: clamp(100 - compositeScore + r.int(-8, 8)),
    functionalScore: clamp(compositeScore + r.int(-5, 5)),
    stiffnessScore: clamp(compositeScore + r.int(-10, 5)),
    affectedJointCount: r.int(0, 6),
    clinicalFlags: [],
  };
}

function assessmentFor(
  type: StoredType,
  level: number,
  hand: Condition["hand"],
  r: Random,
): { snapshot: Snapshot; hand: Condition["hand"] } {
  // Drawn for every type, so the generator's sequence (and a seed's clinic) stays the same.
  const sideHand = hand === "BOTH" ? r.pick(["LEFT", "RIGHT"] as const) : hand;
  const noisy: Noisy = (offset) => clamp(level + offset + (r.next() - 0.5) * 8);
  switch (type) {
    case ROM.stored:
      return { hand: sideHand, snapshot: romSnapshot(noisy, r) };
    case DEXTERITY.stored:
      return { hand: sideHand, snapshot: dexteritySnapshot(noisy, r) };
    case PAIN.stored:
      return { hand, snapshot: painSnapshot(noisy, r, sideHand) };
    case ARTHRITIS.stored:
      return { hand, snapshot: arthritisSnapshot(noisy, r) };
  }
}

const JOURNAL_LINES: Record<Course, string[]> = {
  improving: [
    "Grip feels stronger this week. I managed to open a jar without help.",
    "Less stiffness in the mornings now; the exercises are getting easier.",
    "Typed for an hour at work today with only a little ache afterwards.",
  ],
  declining: [
    "The wrist has been aching more since the weekend and the swelling is back.",
    "Struggled with buttons this morning; the fingers feel stiffer than last week.",
    "Pain woke me up twice last night. I skipped some exercises because of it.",
  ],
  steady: [
    "About the same as last week. Doing the home exercises most days.",
    "Some soreness after gardening but it settled by the evening.",
    "No real change. Writing is fine, carrying shopping still tires the hand.",
  ],
  low: [
    "Still very limited. I cannot grip a cup with this hand yet.",
    "Constant dull pain, worse in the evening. Everyday tasks take a long time.",
    "Hard week: dropped things a few times and the hand feels weak.",
  ],
};
const ENTRY_TYPES = ["INITIAL_INTAKE", "PRE_ASSESSMENT", "POST_ASSESSMENT", "AD_HOC_CHECK_IN"] as const;

const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

/** What every batch of generated patients shares: the generator, the period and the volume. */
interface Generation {
  r: Random;
  tag: string;
  now: Date;
  /** Midnight UTC of `now`, in milliseconds. */
  today: number;
  days: number;
  perPatient: number;
  journalPerPatient: number;
  clinicIds: number[];
  freshCode: () => string;
}

type Person = ReturnType<typeof personFor>;

/** Inserts the demo clinic. A fresh batch tag keeps repeated runs from colliding. */
export async function seedDemoClinic(sql: SeedSql, options: SeedOptions = {}): Promise<SeedResult> {
  const patients = options.patients ?? 0;
  const batchSize = options.batchSize ?? 500;
  const now = options.now ?? new Date();
  const r = random(options.seed ?? 20261122);
  const tag = Date.now().toString(36);

  await insertDemoProviders(sql);
  const clinicIds = await insertDemoClinics(sql, tag, Math.max(1, options.clinics ?? 2));
  await insertClinicStaff(sql, clinicIds);
  const knownTruth = await seedKnownTruth(sql, clinicIds[0]!, tag, now);

  const generation: Generation = {
    r,
    tag,
    now,
    today: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
    days: options.days ?? 90,
    perPatient: options.assessmentsPerPatient ?? 20,
    journalPerPatient: options.journalPerPatient ?? 3,
    clinicIds,
    freshCode: uniqueCodes(),
  };
  let assessments = 0;
  let journalEntries = 0;
  for (let first = 0; first < patients; first += batchSize) {
    const count = Math.min(batchSize, patients - first);
    const written = await seedPatientBatch(sql, generation, first, count);
    assessments += written.assessments;
    journalEntries += written.journalEntries;
    options.progress?.(first + count);
  }

  return { providerSub: DEMO_PROVIDER_SUB, adminSub: DEMO_ADMIN_SUB, patients, assessments, journalEntries, knownTruth };
}

async function insertDemoProviders(sql: SeedSql): Promise<void> {
  await sql.query(
    `INSERT INTO contacts (kind, sub, email, name, roles, updated_at)
     VALUES ('STAFF', $1, 'provider@demo.hand-assessment.app', 'Dr. Morgan Reyes', ARRAY['care_provider'], now()),
            ('STAFF', $2, 'admin@demo.hand-assessment.app', 'Alex Admin', ARRAY['admin'], now())
     ON CONFLICT (sub) DO NOTHING`,
    [DEMO_PROVIDER_SUB, DEMO_ADMIN_SUB],
  );
}

/** Inserts `count` clinics named after the batch tag; returns their ids in order. */
async function insertDemoClinics(sql: SeedSql, tag: string, count: number): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `INSERT INTO clinics (name, join_code, created_by)
     SELECT 'Demo Clinic ' || u.n || ' (' || $1 || ')', u.code, 'seed' FROM unnest($2::text[]) WITH ORDINALITY AS u(code, n)
     ORDER BY u.n
     RETURNING id`,
    [tag, Array.from({ length: count }, generateJoinCode)],
  );
  return rows.map((row) => Number(row.id));
}

/** The second demo provider, and the providers' memberships of the first two clinics. */
async function insertClinicStaff(sql: SeedSql, clinicIds: number[]): Promise<void> {
  const firstClinic = clinicIds[0]!;
  const secondClinic = clinicIds[1] ?? firstClinic;
  await sql.query(
    `INSERT INTO contacts (kind, sub, email, name, roles, updated_at)
     VALUES ('STAFF', $1, 'provider2@demo.hand-assessment.app', 'Dr. Sam Okafor', ARRAY['care_provider'], now())
     ON CONFLICT (sub) DO NOTHING`,
    [DEMO_SECOND_PROVIDER_SUB],
  );
  await sql.query(
    `INSERT INTO clinic_members (clinic_id, sub, role, added_by)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (clinic_id, sub) DO NOTHING`,
    [
      [firstClinic, firstClinic, secondClinic, secondClinic],
      [DEMO_PROVIDER_SUB, DEV_PROVIDER_SUB, DEMO_SECOND_PROVIDER_SUB, DEV_SECOND_PROVIDER_SUB],
      ["clinic_admin", "clinician", "clinic_admin", "clinician"],
      ["seed", "seed", "seed", "seed"],
    ],
  );
}

/** Assessment codes never handed out twice in one run. */
function uniqueCodes(): () => string {
  const usedCodes = new Set<string>();
  return () => {
    let code = generateCode();
    while (usedCodes.has(code)) code = generateCode();
    usedCodes.add(code);
    return code;
  };
}

/** Writes `count` generated patients, numbered from `first`, with everything they own. */
async function seedPatientBatch(
  sql: SeedSql,
  generation: Generation,
  first: number,
  count: number,
): Promise<{ assessments: number; journalEntries: number }> {
  const people = Array.from({ length: count }, (_, k) => personFor(generation, first + k + 1));
  const ids = await insertPatients(sql, people, generation.clinicIds, first);
  await insertProfiles(sql, generation, people, ids);
  await insertTreatments(sql, generation, people, ids);
  const assessments = await insertAssessments(sql, planAssessments(generation, people, ids));
  const entries = journalEntriesFor(generation, people, ids);
  await insertJournalEntries(sql, entries);
  return { assessments, journalEntries: entries.length };
}

/** Patient number `n`: a name, a condition on one or both hands, and the course it takes. */
function personFor({ r, tag, today, days }: Generation, n: number) {
  const given = r.pick(FIRST);
  const family = r.pick(LAST);
  const course: Course = r.pick(["improving", "improving", "declining", "steady", "steady", "low"]);
  const condition = r.pick(CONDITIONS);
  const hand: Condition["hand"] = condition.injury.includes("rheumatoid") ? "BOTH" : r.pick(["LEFT", "RIGHT", "RIGHT"]);
  return {
    sub: `demo|${tag}|patient-${n}`,
    name: `${given} ${family}`,
    email: `${given}.${family}.${tag}-${n}@demo.hand-assessment.app`.toLowerCase(),
    course,
    condition,
    hand,
    birth: new Date(Date.UTC(r.int(1945, 2002), r.int(0, 11), r.int(1, 28))),
    surgery: condition.surgeryType ? new Date(today - r.int(days - 10, days + 40) * DAY_MS) : null,
  };
}

/**
 * Inserts the patients' contacts and their shares (round robin over the clinics; the very first
 * patient shares with all); returns their contact ids in the order of `people`.
 */
async function insertPatients(sql: SeedSql, people: Person[], clinicIds: number[], first: number): Promise<number[]> {
  const contactRows = await sql.query<{ id: number; sub: string }>(
    `INSERT INTO contacts (kind, sub, email, name, roles, updated_at)
     SELECT 'PATIENT', u.sub, u.email, u.name, ARRAY['patient'], now()
     FROM unnest($1::text[], $2::text[], $3::text[]) AS u(sub, email, name)
     RETURNING id, sub`,
    [people.map((p) => p.sub), people.map((p) => p.email), people.map((p) => p.name)],
  );
  const idBySub = new Map(contactRows.map((row) => [row.sub, Number(row.id)]));
  const ids = people.map((p) => idBySub.get(p.sub)!);
  const shares = ids.flatMap((id, k) => {
    const n = first + k;
    return n === 0 ? clinicIds.map((clinic) => [id, clinic]) : [[id, clinicIds[n % clinicIds.length]!]];
  });
  await sql.query(`INSERT INTO patient_shares (patient_id, clinic_id) SELECT * FROM unnest($1::int[], $2::int[])`, [
    shares.map(([id]) => id),
    shares.map(([, clinic]) => clinic),
  ]);
  return ids;
}

async function insertProfiles(sql: SeedSql, { r, today, days }: Generation, people: Person[], ids: number[]): Promise<void> {
  await sql.query(
    `INSERT INTO patient_profiles (contact_id, date_of_birth, affected_hand, dominant_hand, injury, injury_date, surgery_type, surgery_date, updated_at)
     SELECT u.id, u.birth, u.hand::"Hand", u.dominant::"Hand", u.injury, u.injury_date, u.surgery_type, u.surgery_date, now()
     FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::text[], $6::date[], $7::text[], $8::date[])
          AS u(id, birth, hand, dominant, injury, injury_date, surgery_type, surgery_date)`,
    [
      ids,
      people.map((p) => dateOnly(p.birth)),
      people.map((p) => p.hand),
      people.map(() => (r.chance(0.9) ? "RIGHT" : "LEFT")),
      people.map((p) => p.condition.injury),
      people.map((p) => dateOnly(new Date((p.surgery?.getTime() ?? today - days * DAY_MS) - r.int(3, 20) * DAY_MS))),
      people.map((p) => p.condition.surgeryType),
      people.map((p) => (p.surgery ? dateOnly(p.surgery) : null)),
    ],
  );
}

async function insertTreatments(sql: SeedSql, { r, today, days }: Generation, people: Person[], ids: number[]): Promise<void> {
  const treatments = people.flatMap((p, k) =>
    Array.from({ length: r.int(1, 2) }, (_, t) => ({
      id: ids[k]!,
      name: TREATMENTS[(k + t * 2) % TREATMENTS.length]!,
      started: dateOnly(new Date(today - r.int(20, days) * DAY_MS)),
      ended: p.course === "steady" && t === 1 ? dateOnly(new Date(today - r.int(1, 10) * DAY_MS)) : null,
    })),
  );
  await sql.query(
    `INSERT INTO treatments (contact_id, name, started_at, ended_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::date[], $4::date[])`,
    [treatments.map((t) => t.id), treatments.map((t) => t.name), treatments.map((t) => t.started), treatments.map((t) => t.ended)],
  );
}

/** Each patient's assessments along their course, types in turn, spread over the period. */
function planAssessments({ r, now, today, days, perPatient, freshCode }: Generation, people: Person[], ids: number[]): PlannedAssessment[] {
  const planned: PlannedAssessment[] = [];
  people.forEach((p, k) => {
    const level = trajectory(p.course, r, days);
    for (let i = 0; i < perPatient; i++) {
      // Spread over the period, newest within the last few days, at a daytime hour.
      const day = Math.min(days - 1, Math.round(((i + r.next() * 0.8) * days) / perPatient));
      const date = new Date(today - (days - 1 - day) * DAY_MS + r.int(7, 19) * 3_600_000 + r.int(0, 3599) * 1000);
      if (date.getTime() > now.getTime()) date.setTime(now.getTime() - r.int(60, 3600) * 1000);
      const type = TYPES[(i + k) % TYPES.length]!;
      const made = assessmentFor(type, level(day), p.hand, r);
      planned.push({ code: freshCode(), type, date, patient: ids[k]!, ...made });
    }
  });
  return planned;
}

type JournalEntry = ReturnType<typeof journalEntriesFor>[number];

/** Each patient's journal entries, evenly spaced, their ratings following the course. */
function journalEntriesFor({ r, now, today, days, journalPerPatient }: Generation, people: Person[], ids: number[]) {
  return people.flatMap((p, k) =>
    Array.from({ length: journalPerPatient }, (_, j) => {
      const daysAgo = Math.round(((journalPerPatient - j) * days) / (journalPerPatient + 1)) - r.int(0, 2);
      const created = new Date(Math.min(now.getTime() - 60_000, today - daysAgo * DAY_MS + r.int(8, 20) * 3_600_000));
      const pain = { improving: 6 - j * 1.5, declining: 3 + j * 1.5, steady: 4, low: 7 }[p.course];
      return {
        patient: ids[k]!,
        type: j === 0 ? ENTRY_TYPES[0] : r.pick(ENTRY_TYPES.slice(1)),
        transcript: r.pick(JOURNAL_LINES[p.course]),
        hand: p.hand,
        pain: Math.max(0, Math.min(10, Math.round(pain + r.int(-1, 1)))),
        function: Math.max(0, Math.min(10, Math.round(10 - pain + r.int(-1, 1)))),
        created: created.toISOString(),
      };
    }),
  );
}

async function insertJournalEntries(sql: SeedSql, entries: JournalEntry[]): Promise<void> {
  await sql.query(
    `INSERT INTO journal_entries (patient_id, entry_type, transcript, affected_hand, pain_rating, function_rating, created_at)
     SELECT u.patient, u.type::"JournalEntryType", u.transcript, u.hand::"Hand", u.pain, u.function, u.created
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::timestamptz[])
          AS u(patient, type, transcript, hand, pain, function, created)`,
    [
      entries.map((e) => e.patient),
      entries.map((e) => e.type),
      entries.map((e) => e.transcript),
      entries.map((e) => e.hand),
      entries.map((e) => e.pain),
      entries.map((e) => e.function),
      entries.map((e) => e.created),
    ],
  );
}
