import { z } from "zod";
import { requiredText, text } from "@/lib/api/text";
import { endpoint } from "@/lib/api/endpoint";
import { idParam, limitParam, offsetParam } from "@/lib/api/pagination";
import { onTheWire } from "@/lib/api/wire";
import { byKind } from "@/lib/assessments/kinds";
import { kindRecords } from "@/lib/assessments/records";
import { READ_NAMES } from "@/lib/assessments/types";
import { Hand, JournalEntryType } from "@/lib/generated/prisma/enums.ts";
import { localeField, timeZoneField } from "@/lib/report-view/clock-fields";

export const TRENDS = ["improving", "declining", "stable"] as const;

const isoDate = z.iso.date().describe("Calendar date, YYYY-MM-DD");
const timestamp = z.iso.datetime().describe("ISO 8601 UTC timestamp");
const score = z.number().min(0).max(100);

const unauthorized = { status: 401, description: "Token missing, invalid or expired" };
const notAPatient = {
  status: 404,
  description:
    "No patient with this id that the caller may read (another patient's, one not sharing with the caller's clinics, or none: the same answer)",
};
const badQuery = { status: 400, description: "The id or a query parameter is invalid (e.g. a negative or non-numeric limit)" };
const badId = { status: 400, description: "The id is not a positive integer" };

export const patientIdParams = z.object({ id: idParam.describe("Patient contact id") });

// ---------- score history ----------

export const scoresQuery = z.object({
  hand: z.enum(Hand).optional().describe("Only score points recorded for this hand (BOTH: points recorded for both hands)"),
  limit: limitParam(90, 365),
  offset: offsetParam,
});

export const scorePoint = z.object({
  date: isoDate,
  overallScore: score.describe(
    "The mean of each test's (and hand's) latest value on or before this day, one decimal: a day with one test does not drop the others",
  ),
  romScore: score.nullable().describe("Mean of this day's ROM results; null when the day has none"),
  dexterityScore: score.nullable().describe("Mean of this day's dexterity results; null when the day has none"),
  painScore: score.nullable().describe("Mean of this day's pain results, each 100 x (1 - maxSeverity/10): higher is better"),
});

export const scoresResponse = z.object({
  scores: z.array(scorePoint).describe("Newest day first"),
  total: z.number().int().describe("Number of days with scores (for paging)"),
});

export const myScoresEndpoint = endpoint({
  method: "GET",
  path: "/patients/me/scores",
  operationId: "getMyScores",
  summary: "The caller's daily scores, newest first",
  tag: "Patients",
  auth: "required",
  query: scoresQuery,
  responses: [{ status: 200, description: "Daily score points", schema: scoresResponse }, badQuery, unauthorized],
});

export const patientScoresEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/scores",
  operationId: "getPatientScores",
  summary: "A patient's daily scores, newest first",
  tag: "Patients",
  auth: "required",
  params: patientIdParams,
  query: scoresQuery,
  responses: [{ status: 200, description: "Daily score points", schema: scoresResponse }, badQuery, unauthorized, notAPatient],
});

// ---------- assessment history ----------

export const assessmentsQuery = z.object({
  type: z.enum(READ_NAMES).optional().describe("Only this type (read names: FINGER_TAPPING is DEXTERITY, THUMB_MOVEMENTS is THUMB)"),
  limit: limitParam(50, 200),
  offset: offsetParam,
});

export const assessmentHistoryItem = kindRecords(
  "AssessmentHistoryItem",
  {
    id: z.number().int(),
    summary: z
      .string()
      .describe(
        'One line in the Accept-Language\'s language, e.g. "ROM 72/100 · wrist 80 · fingers 65", "QuickDASH 38,6/100 de discapacidad"',
      ),
  },
  { results: true },
);

export const assessmentsResponse = z.object({
  assessments: z.array(assessmentHistoryItem).describe("Newest first"),
  total: z.number().int(),
});

export const myAssessmentsEndpoint = endpoint({
  method: "GET",
  path: "/patients/me/assessments",
  operationId: "listMyAssessments",
  summary: "The caller's assessments, newest first",
  tag: "Patients",
  auth: "required",
  query: assessmentsQuery,
  responses: [{ status: 200, description: "Assessment history", schema: assessmentsResponse }, badQuery, unauthorized],
});

export const patientAssessmentsEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/assessments",
  operationId: "listPatientAssessments",
  summary: "A patient's assessments, newest first",
  tag: "Patients",
  auth: "required",
  params: patientIdParams,
  query: assessmentsQuery,
  responses: [{ status: 200, description: "Assessment history", schema: assessmentsResponse }, badQuery, unauthorized, notAPatient],
});

// ---------- provider list ----------

export const PATIENT_SORTS = ["attention", "name", "score", "recent"] as const;

export const patientListQuery = z.object({
  search: text().trim().max(200).optional().describe("Part of the name or e-mail, any case"),
  clinicId: idParam.optional().describe("Only the patients sharing with this clinic (the caller's own clinics only: others list nobody)"),
  trend: z.enum(TRENDS).optional(),
  attention: onTheWire(z.enum(["true", "false"]), { type: "boolean" })
    .transform((value) => value === "true")
    .optional(),
  sort: z
    .enum(PATIENT_SORTS)
    .default("attention")
    .describe(
      "attention: clinical declines first (largest in MCIDs, then most recent), then low results, then re-measures, then the rest; each group most recent first; name: A-Z; score: lowest latest score first; recent: most recent assessment first",
    ),
  limit: limitParam(50, 200),
  offset: offsetParam,
});

export const ATTENTION_REASONS = ["test_declining", "low_score", "remeasure"] as const;
export const ATTENTION_GROUPS = ["decline", "low", "remeasure"] as const;
export const DECLINE_REFERENCES = ["first", "previous", "best"] as const;
export const REMEASURE_CAUSES = ["poorLight", "outlier"] as const;
export const TEST_TRENDS = ["improving", "declining", "stable", "insufficient"] as const;
export type TestTrendWord = (typeof TEST_TRENDS)[number];

const ownValue = z
  .number()
  .describe("On the test's own measure and scale (QuickDASH 0-100 higher worse, worst pain 0-10, composites 0-100)");

export const testMeasure = z
  .object({
    value: ownValue.describe("The latest day's value on the test's own measure (the mean of its trusted results)"),
    date: isoDate,
    poor: z.boolean().describe("The latest day's results were all recorded in poor light or with few usable frames"),
    previousValue: ownValue.nullable().describe("The most recent earlier trusted day's value"),
    previousDate: isoDate.nullable(),
    firstValue: ownValue.nullable().describe("The first trusted day's value"),
    bestValue: ownValue.nullable().describe("The best trusted earlier value, by the measure's direction"),
    bestDate: isoDate.nullable(),
    against: z.enum(DECLINE_REFERENCES).nullable().describe("The earlier result the decline (or re-measure) is measured against"),
    fromValue: ownValue.nullable(),
    fromDate: isoDate.nullable(),
    urgency: z.number().nullable().describe("The decline in MCIDs (drop ÷ mcid)"),
    remeasure: z
      .enum(REMEASURE_CAUSES)
      .nullable()
      .describe("poorLight: a poor latest result would raise the flag; outlier: the drop rests on one earlier result standing out"),
    low: z.boolean().describe("The latest trusted value is at or beyond the measure's low threshold"),
  })
  .describe("The test judged on its own measure (docs/clinical.md, Attention and trend)");

export const testStanding = z
  .object({
    test: z.enum(READ_NAMES),
    hand: z.enum(Hand).nullable().describe("The hand of these results; null when the test records none"),
    score: score.describe("This test's 0-100 headline on its latest day (the day's mean, one decimal)"),
    date: isoDate.describe("Its latest day"),
    previousScore: score.nullable().describe("Its headline on the most recent earlier day"),
    previousDate: isoDate.nullable(),
    firstScore: score.describe("Its headline on its first day (the latest day's when it has one day)"),
    firstDate: isoDate,
    trend: z
      .enum(TEST_TRENDS)
      .describe(
        "The latest against the previous trusted result on the test's own measure: improving or declining when the change reaches its MCID, else stable; insufficient: one day",
      ),
    change: z.number().nullable().describe("Headline latest minus previous, points; null with one day only"),
    drop: z.number().describe("How much worse the latest is than measure.fromValue, on the own measure; 0 when nothing is compared"),
    mcid: z
      .number()
      .nullable()
      .describe("The MCID the drop was judged by, on the own measure (pain: 2 points or 30 %, whichever is smaller)"),
    clinicalDecline: z.boolean().describe("A confirmed decline reaching the MCID on a judged hand: raises needsAttention"),
    judged: z.boolean().describe("False for the hand the profile does not name as affected: shown, never flagged"),
    measure: testMeasure.nullable(),
    otherHandPercent: z
      .number()
      .nullable()
      .describe("This hand's own measure as % of the other hand's, when both are measured (higher-is-better measures)"),
  })
  .describe("One test (and hand) compared only with itself");
export type TestStanding = z.infer<typeof testStanding>;

export const attentionReason = z
  .object({
    reason: z.enum(ATTENTION_REASONS),
    test: z.enum(READ_NAMES).nullable().describe("The test the reason is about"),
    hand: z.enum(Hand).nullable(),
    drop: z.number().nullable().describe("How much worse the test is, on its own measure (test_declining, remeasure)"),
    text: z
      .string()
      .describe(
        'In words and the measure\'s own units, e.g. "QuickDASH 20.5 → 38.6 (+18.1, worse; clinically important ≥ 15.91) since the first result"',
      ),
  })
  .describe("Why needsAttention is true, or why a result should be measured again");
export type AttentionReason = z.infer<typeof attentionReason>;

const standingFields = {
  score: score.nullable().describe("Latest daily overall score: the mean of each test's latest value (carried forward), one decimal"),
  trend: z
    .enum(TRENDS)
    .describe(
      "declining when a judged test has a clinical decline, improving when one improved by its MCID, else stable (docs/clinical.md)",
    ),
  needsAttention: z
    .boolean()
    .describe(
      "A judged test declined by its MCID (confirmed), or its latest result is low on its own scale; false after a clinician of the reader's clinic marked the patient reviewed, until a newer result",
    ),
  attentionGroup: z
    .enum(ATTENTION_GROUPS)
    .nullable()
    .describe("The list's group: decline (sorted by urgency, then recency), low, remeasure (not flagged); null for none"),
  reviewedAt: timestamp
    .nullable()
    .describe("When a clinician of the reader's clinic last marked the patient reviewed (another clinic's review is never shown)"),
  tests: z.array(testStanding).describe("Each test and hand: its own latest two days and trend"),
  attentionReasons: z.array(attentionReason).describe("What raises needsAttention, then what asks for a re-measure"),
};

export const patientRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  hand: z.enum(Hand).nullable().describe("Affected hand from the profile"),
  injury: z.string().nullable(),
  lastAssessment: timestamp.nullable(),
  ...standingFields,
  reviewedBy: z.string().nullable().describe("Who in the reader's clinic marked the patient reviewed (their subject)"),
  assessmentCount: z.number().int(),
});

export const patientListResponse = z.object({ patients: z.array(patientRow), total: z.number().int() });

export const patientListEndpoint = endpoint({
  method: "GET",
  path: "/patients",
  operationId: "listPatients",
  summary: "Patients the caller may read, with latest score, trend and attention flag (care providers and admins)",
  tag: "Patients",
  auth: { roles: ["care_provider", "admin"] },
  query: patientListQuery,
  responses: [
    { status: 200, description: "One page of patients and the total matching", schema: patientListResponse },
    badQuery,
    unauthorized,
    { status: 403, description: "Neither care_provider nor admin" },
  ],
});

// ---------- review ----------

export const reviewBody = z
  .object({
    clinicId: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("The clinic reviewing, for a member of several clinics this patient shares with; else the caller's only one"),
  })
  .strict();

export const reviewResponse = z.object({
  id: z.number().int(),
  clinicId: z.number().int().nullable().describe("The clinic whose flag is lowered; null: the service's own (the service admin's) context"),
  needsAttention: z.boolean().describe("False now; true again when a newer result raises the flag"),
  reviewedAt: timestamp,
  reviewedBy: z.string(),
});

export const patientReviewEndpoint = endpoint({
  method: "POST",
  path: "/patients/{id}/review",
  operationId: "markPatientReviewed",
  summary:
    "Mark a patient reviewed in one clinic: lowers that clinic's attention flag until a newer result arrives; other clinics keep theirs (care providers and admins; audited)",
  tag: "Patients",
  auth: { roles: ["care_provider", "admin"] },
  params: patientIdParams,
  body: reviewBody,
  requestExample: { clinicId: 12 },
  limits: ["write"],
  responses: [
    { status: 200, description: "Reviewed; who and when are stored and written to the audit trail", schema: reviewResponse },
    {
      status: 400,
      description: "A bad id, or `clinicId` (field) missing for a member of several sharing clinics or naming a clinic not theirs",
    },
    unauthorized,
    { status: 403, description: "Neither care_provider nor admin" },
    notAPatient,
  ],
});

// ---------- profile ----------

const latestScore = z.object({ score: score.nullable(), dateCreated: timestamp, code: z.string(), formattedCode: z.string() }).nullable();

export const patientProfile = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  dateOfBirth: isoDate.nullable(),
  age: z.number().int().nullable().describe("Whole years today, from dateOfBirth"),
  sex: z.string().nullable(),
  dominantHand: z.enum(Hand).nullable(),
  affectedHand: z.enum(Hand).nullable(),
  injury: z.string().nullable(),
  injuryDate: isoDate.nullable(),
  surgeryType: z.string().nullable(),
  surgeryDate: isoDate.nullable(),
  notes: z.string().nullable(),
  createdAt: timestamp,
  ...standingFields,
  lastAssessment: timestamp.nullable(),
  latestScores: z.object(byKind(() => latestScore)).describe("The most recent assessment of each type and its headline score"),
  activeTreatments: z.array(
    z.object({ id: z.number().int(), name: z.string(), startedAt: isoDate.nullable(), notes: z.string().nullable() }),
  ),
  counts: z.object({
    assessments: z.number().int(),
    scoreDays: z.number().int(),
    journalEntries: z.number().int(),
    activeTreatments: z.number().int(),
  }),
});
export type PatientProfile = z.infer<typeof patientProfile>;

export const myProfileEndpoint = endpoint({
  method: "GET",
  path: "/patients/me",
  operationId: "getMyProfile",
  summary: "The caller's own profile",
  tag: "Patients",
  auth: "required",
  responses: [
    { status: 200, description: "The caller's profile, as providers see it", schema: patientProfile },
    unauthorized,
    { status: 403, description: "The caller is not a patient (staff-only token)" },
  ],
});

export const patientProfileEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}",
  operationId: "getPatient",
  summary: "A patient's full profile (care providers and admins)",
  tag: "Patients",
  auth: { roles: ["care_provider", "admin"] },
  params: patientIdParams,
  responses: [
    { status: 200, description: "Demographics, injury, surgery, latest scores, active treatments, counts", schema: patientProfile },
    badId,
    unauthorized,
    { status: 403, description: "Neither care_provider nor admin" },
    notAPatient,
  ],
});

const pastDate = (name: string) =>
  isoDate
    .refine(
      (value) => value >= "1900-01-01" && value <= new Date().toISOString().slice(0, 10),
      `${name} must be a date between 1900-01-01 and today`,
    )
    .describe("Calendar date, YYYY-MM-DD, from 1900-01-01 to today");

export const profileUpdate = z
  .strictObject({
    name: requiredText().max(200),
    dateOfBirth: pastDate("dateOfBirth").nullable(),
    sex: requiredText().max(40).nullable(),
    dominantHand: z.enum(Hand).nullable(),
    affectedHand: z.enum(Hand).nullable(),
    injury: requiredText().max(500).nullable(),
    injuryDate: pastDate("injuryDate").nullable(),
    surgeryType: requiredText().max(200).nullable(),
    surgeryDate: isoDate
      .refine((value) => value >= "1900-01-01", "surgeryDate must not be before 1900-01-01")
      .nullable()
      .describe("May lie in the future (a planned operation)"),
    notes: requiredText().max(4000).nullable(),
  })
  .partial()
  .describe("Only the fields present change; null clears a field");
export type ProfileUpdate = z.infer<typeof profileUpdate>;

export const updateMyProfileEndpoint = endpoint({
  method: "PATCH",
  path: "/patients/me",
  operationId: "updateMyProfile",
  requestExample: { name: "Ada Lovelace", dominantHand: "RIGHT", injury: "Distal radius fracture", injuryDate: "2026-03-14" },
  summary: "Set the caller's own name, date of birth, hands, injury and surgery",
  tag: "Patients",
  auth: "required",
  body: profileUpdate,
  responses: [
    { status: 200, description: "The updated profile", schema: patientProfile },
    { status: 400, description: "A field is invalid or unknown (field names it)" },
    unauthorized,
    { status: 403, description: "The caller is not a patient (staff-only token)" },
  ],
});

// ---------- journal and narrative ----------

export const patientJournalQuery = z.object({ limit: limitParam(50, 200), offset: offsetParam });

export const journalSummaryRow = z.object({
  id: z.number().int(),
  date: timestamp,
  type: z.enum(JournalEntryType),
  hand: z.enum(Hand).nullable(),
  pain: z.number().nullable().describe("Pain rating 0-10"),
  function: z.number().nullable().describe("Function rating 0-10"),
  summary: z.string().describe("The stored summary, else the start of the transcript"),
  writtenByStaff: z.boolean().describe("true when a care provider or admin wrote the entry, not the patient"),
});

export const patientJournalResponse = z.object({ journal: z.array(journalSummaryRow).describe("Newest first"), total: z.number().int() });

export const patientJournalEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/journal",
  operationId: "listPatientJournal",
  summary: "A patient's journal as summary rows, newest first",
  tag: "Patients",
  auth: "required",
  params: patientIdParams,
  query: patientJournalQuery,
  responses: [{ status: 200, description: "Journal summary rows", schema: patientJournalResponse }, badQuery, unauthorized, notAPatient],
});

export const narrativeResponse = z.object({
  summary: z.string(),
  source: z.enum(["ai", "template"]),
});

export const narrativeSummaryEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/narrative-summary",
  operationId: "getPatientNarrativeSummary",
  summary: "A short progress note: from the language model, or a deterministic template",
  tag: "Patients",
  auth: "required",
  params: patientIdParams,
  limits: ["ai"],
  responses: [{ status: 200, description: "The note and where it came from", schema: narrativeResponse }, badId, unauthorized, notAPatient],
});

export const patientExportEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/export",
  operationId: "exportPatientRecord",
  summary: "A patient's whole assessment history as a tidy CSV (one row per measurement), in the asker's language, audited",
  tag: "Patients",
  auth: "required",
  params: patientIdParams,
  query: z.object({ timeZone: timeZoneField.optional(), locale: localeField.optional() }),
  limits: ["compute"],
  responses: [
    {
      status: 200,
      description:
        "text/csv (UTF-8 with a byte-order mark), attachment patient-ID-history.csv: one row per measurement, oldest record first (the newest 5000 records; X-Records-Left-Out counts the older ones left out, 0 when none): record number, local date and time on timeZone's clock with the zone, UTC timestamp (ISO 8601), test, hand, metric, value on its own scale, unit, which way is better, measurement quality, result code. Headers and words in the Accept-Language's language; `;` between cells where its decimal separator is a comma (Spanish)",
      contentType: "text/csv",
    },
    { status: 400, description: "The id, timeZone or locale is not one (field names which)" },
    unauthorized,
    notAPatient,
  ],
});

export const patientHistoryPdfEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/export/pdf",
  operationId: "exportPatientHistoryPdf",
  summary:
    "A patient's whole history as an A4 PDF: goals, score chart, finger joints by date, one table per test (the patient, or a clinician of a clinic they share with; audited)",
  tag: "Patients",
  auth: "required",
  params: patientIdParams,
  query: z.object({ timeZone: timeZoneField.optional(), locale: localeField.optional() }),
  limits: ["pdf"],
  responses: [
    {
      status: 200,
      description:
        "application/pdf, attachment patient-ID-history.pdf; dates on the clock of timeZone and locale (UTC, en-GB by default). The CSV's records (the newest 5000); past that, a line under the header says how many older records are left out",
      contentType: "application/pdf",
    },
    { status: 400, description: "The id, timeZone or locale is not one (field names which)" },
    unauthorized,
    notAPatient,
    { status: 429, description: "Too many PDFs from this address" },
    {
      status: 503,
      description:
        "Every PDF worker is busy and the queue full (PDF_BUSY), or the render ran too long (PDF_TIMEOUT); Retry-After says when to try again",
    },
  ],
});
