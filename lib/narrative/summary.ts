// GET /patients/:id/narrative-summary: a short progress note. The language model writes it when
// configured; otherwise, or when the model fails, a deterministic template writes it from the
// same facts. The model is never sent the patient's name or e-mail.
import { HAND_NAMES, JOURNAL_ENTRY_MOMENTS } from "@/lib/assessments/vocabulary";
import { openPatient, type PatientHandle } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import { db } from "@/lib/db";
import type { JournalEntry } from "@/lib/generated/prisma/client.ts";
import { entrySummary } from "@/lib/journal/service";
import { complete } from "@/lib/llm";
import { patientProfile } from "@/lib/patients/profile";
import { clinicReview } from "@/lib/patients/reviews";
import type { PatientProfile } from "@/lib/patients/schemas";
import { attentionReasons, testLine } from "@/lib/patients/standing";

export interface PatientFacts {
  profile: PatientProfile;
  /** Newest first. */
  journal: JournalEntry[];
  /** The first and latest day with a result. */
  span: { first: string; last: string } | null;
  /** Who last marked the patient reviewed, by name when the service knows it. */
  reviewer: string | null;
}

export async function patientFacts(patient: PatientHandle, journalEntries = 3): Promise<PatientFacts> {
  const profile = await patientProfile(patient);
  const [journal, span, review] = await Promise.all([
    db().journalEntry.findMany({
      where: { patientId: patient.patientId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: journalEntries,
    }),
    db().scorePoint.aggregate({ where: { contactId: patient.patientId }, _min: { day: true }, _max: { day: true } }),
    clinicReview(patient),
  ]);
  const reviewedBy = review?.reviewedBy ?? null;
  const reviewer = reviewedBy
    ? ((await db().contact.findUnique({ where: { sub: reviewedBy }, select: { name: true } }))?.name ?? "a clinician")
    : null;
  const first = span._min.day;
  const last = span._max.day;
  return {
    profile,
    journal,
    span: first && last ? { first: first.toISOString().slice(0, 10), last: last.toISOString().slice(0, 10) } : null,
    reviewer,
  };
}

export function longDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return date.toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
}

const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function weeksSince(isoDay: string, today: Date): string | null {
  const days = Math.floor((today.getTime() - Date.parse(`${isoDay}T00:00:00Z`)) / 86_400_000);
  if (days < 0) return null;
  if (days < 14) return `${days} day${days === 1 ? "" : "s"} ago`;
  return `${Math.floor(days / 7)} weeks ago`;
}

/** "of the left hand", unless the injury already names a side ("a fracture of the left wrist"). */
function handWords(p: PatientProfile): string {
  if (!p.affectedHand) return "";
  if (p.injury && /\b(left|right|both)\b/i.test(p.injury)) return "";
  return ` of the ${HAND_NAMES[p.affectedHand]!.toLowerCase()}`;
}

function introduction(p: PatientProfile, who: string, today: Date): string {
  const age = p.age !== null ? `, ${p.age},` : "";
  const condition = p.injury ? `is being followed for ${p.injury.replace(/\.$/, "")}` : "is being followed";
  let sentence = `${who}${age} ${condition}${handWords(p)}`;
  if (p.surgeryDate) {
    const when = weeksSince(p.surgeryDate, today);
    const what = p.surgeryType ? p.surgeryType : "surgery";
    sentence += when ? `; ${what} on ${longDate(p.surgeryDate)} (${when})` : `; ${what} is planned for ${longDate(p.surgeryDate)}`;
  }
  return `${sentence}.`;
}

/** "8 results on 6 days over 4 weeks": the follow-up's extent, from the first day with a result. */
export function followUp(facts: PatientFacts): string | null {
  const { counts } = facts.profile;
  if (!facts.span || counts.assessments === 0) return null;
  const spanDays = Math.round((Date.parse(facts.span.last) - Date.parse(facts.span.first)) / 86_400_000);
  const over = counts.scoreDays > 1 ? ` over ${plural(Math.max(1, Math.round(spanDays / 7)), "week")}` : "";
  return `${plural(counts.assessments, "result")} on ${plural(counts.scoreDays, "day")}${over}`;
}

function scoreParagraph(facts: PatientFacts): string {
  const extent = followUp(facts);
  if (!extent) return "No assessments are on record yet, so there is no result or trend to report.";
  const sentences = [`${extent}, the latest on ${longDate(facts.span!.last)}.`];
  const tests = facts.profile.tests.map(testLine);
  if (tests.length)
    sentences.push(
      `Each test on its own scale against its own previous result (a change within its minimal clinically important difference is stable): ${tests.join("; ")}.`,
    );
  return sentences.join(" ");
}

/**
 * The attention in one sentence, from the same judgement as the list: flagged with its reasons;
 * after a review, who reviewed it and what is still on record; else what to re-measure, or that
 * nothing is flagged. Never "no test is declining" while one is.
 */
export function attentionSentence(facts: PatientFacts): string {
  const p = facts.profile;
  const remeasures = p.attentionReasons.filter((r) => r.reason === "remeasure").map((r) => r.text);
  const again = remeasures.length ? ` Re-measure to confirm: ${remeasures.join("; ")}.` : "";
  if (p.needsAttention) {
    const flagged = p.attentionReasons.filter((r) => r.reason !== "remeasure").map((r) => r.text);
    return `Flagged for attention: ${flagged.join("; ")}. A review is suggested.${again}`;
  }
  const onRecord = attentionReasons(p.tests, true)
    .filter((r) => r.reason !== "remeasure")
    .map((r) => r.text);
  if (p.reviewedAt && onRecord.length)
    return `Reviewed by ${facts.reviewer ?? "a clinician"} on ${longDate(p.reviewedAt)}; the flag returns with the next result. On record: ${onRecord.join("; ")}.${again}`;
  if (remeasures.length) return `Not flagged for attention.${again}`;
  return "Nothing currently flags this patient for attention: no test has declined by its minimal clinically important difference and no test's latest result is low.";
}

function journalParagraph(entries: JournalEntry[]): string | null {
  const [last] = entries;
  if (!last) return null;
  const ratings = [
    last.painRating !== null ? `pain ${number(last.painRating)}/10` : null,
    last.functionRating !== null ? `function ${number(last.functionRating)}/10` : null,
  ].filter(Boolean);
  const rated = ratings.length ? ` rated ${ratings.join(" and ")} and` : "";
  let sentence = `In the latest journal entry (${longDate(last.createdAt)}, ${JOURNAL_ENTRY_MOMENTS[last.entryType]}) the patient${rated} wrote: "${entrySummary(last)}"`;
  const painSeries = entries.map((e) => e.painRating).filter((v): v is number => v !== null);
  if (painSeries.length >= 2) {
    const newest = painSeries[0]!;
    const oldest = painSeries[painSeries.length - 1]!;
    const span = `over the last ${painSeries.length} rated entries`;
    if (newest < oldest) sentence += ` Reported pain has eased from ${number(oldest)}/10 ${span}.`;
    else if (newest > oldest) sentence += ` Reported pain has risen from ${number(oldest)}/10 ${span}.`;
  }
  return sentence;
}

export function templateNarrative(facts: PatientFacts, today = new Date()): string {
  const who = facts.profile.name ?? "The patient";
  const treatments = facts.profile.activeTreatments.map((t) => t.name);
  return [
    introduction(facts.profile, who, today) + (treatments.length ? ` Current treatment: ${treatments.join(", ")}.` : ""),
    scoreParagraph(facts),
    journalParagraph(facts.journal),
    attentionSentence(facts),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The facts as the model sees them: no name, no e-mail; the same judgement and words as the template. */
function modelFacts(facts: PatientFacts, today: Date): string {
  const { profile: p } = facts;
  const lines = [
    `Today: ${today.toISOString().slice(0, 10)}`,
    `Age: ${p.age ?? "unknown"}; affected hand: ${p.affectedHand ?? "unknown"}; injury: ${p.injury ?? "not recorded"}`,
    `Surgery: ${p.surgeryType ?? "surgery"} on ${p.surgeryDate ?? "no date recorded"}`,
    `Active treatments: ${p.activeTreatments.map((t) => t.name).join(", ") || "none recorded"}`,
    `Follow-up: ${followUp(facts) ?? "no results yet"}${facts.span ? `, ${facts.span.first} to ${facts.span.last}` : ""}`,
    `Each test on its own scale against its own previous result (within its minimal clinically important difference is stable; only the affected hand is judged): ${
      p.tests.map(testLine).join("; ") || "none"
    }`,
    `Attention: ${attentionSentence(facts)}`,
    ...facts.journal.map(
      (e) =>
        `Journal ${e.createdAt.toISOString().slice(0, 10)} (${e.entryType}): pain ${e.painRating ?? "-"}/10, function ${e.functionRating ?? "-"}/10: ${entrySummary(e)}`,
    ),
  ];
  return lines.join("\n");
}

export async function narrativeSummary(caller: AccessContext, patientId: number) {
  const facts = await patientFacts(await openPatient(caller, patientId, "narrative_summary"));
  const today = new Date();
  const text = await complete(
    [
      {
        role: "system",
        content:
          "You are a hand therapist writing a short progress note about a patient for a colleague. Use only the facts given. " +
          "Write 3 to 6 sentences of plain prose: condition and surgery, the follow-up's extent, each test's trend with its numbers and units, what the journal says, and whether a review is warranted. " +
          "Compare each test only with its own earlier results, on its own scale; never call a change between different tests a trend, and never call a change within a test's minimal clinically important difference a decline. Use the attention line as given. " +
          "Refer to the person as 'the patient'. No headings, no lists, no diagnosis, no treatment advice.",
      },
      { role: "user", content: modelFacts(facts, today) },
    ],
    { purpose: "narrative-summary", maxTokens: 400 },
  );
  if (text) return { summary: text, source: "ai" as const };
  return { summary: templateNarrative(facts, today), source: "template" as const };
}
