// GET /patients/:id/narrative-summary: a short progress note. The language model writes it when
// configured; otherwise, or when the model fails, a deterministic template writes it from the
// same facts. The model is never sent the patient's name or e-mail.
import { openPatient, type PatientHandle } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import { db } from "@/lib/db";
import type { JournalEntry } from "@/lib/generated/prisma/client.ts";
import { entrySummary } from "@/lib/journal/service";
import { FORMAT_LOCALES, LOCALE_NAMES, type Locale } from "@/lib/i18n/locales";
import { complete } from "@/lib/llm";
import { patientProfile } from "@/lib/patients/profile";
import { clinicReview } from "@/lib/patients/reviews";
import type { PatientProfile } from "@/lib/patients/schemas";
import { reasonTexts } from "@/lib/patients/reason-words";
import { attentionReasons, reasonWords, testLine } from "@/lib/patients/standing";
import { ENGLISH, wordsFor, type Words } from "@/lib/report-view/words";

export interface PatientFacts {
  profile: PatientProfile;
  /** Newest first. */
  journal: JournalEntry[];
  /** The first and latest day with a result. */
  span: { first: string; last: string } | null;
  /** Who last marked the patient reviewed, by name when the service knows it; null for "a clinician". */
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
    ? ((await db().contact.findUnique({ where: { sub: reviewedBy }, select: { name: true } }))?.name ?? null)
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

export function longDate(value: string | Date, w: Words = ENGLISH): string {
  const date = typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return date.toLocaleDateString(FORMAT_LOCALES[w.locale], { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
}

function weeksSince(isoDay: string, today: Date, w: Words): string | null {
  const days = Math.floor((today.getTime() - Date.parse(`${isoDay}T00:00:00Z`)) / 86_400_000);
  if (days < 0) return null;
  if (days < 14) return w.t("narrative.daysAgo", { days });
  return w.t("narrative.weeksAgo", { weeks: Math.floor(days / 7) });
}

/** "of the left hand", unless the injury already names a side ("a fracture of the left wrist", "fractura de muñeca izquierda"). */
function handWords(p: PatientProfile, w: Words): string {
  if (!p.affectedHand) return "";
  if (p.injury && /\b(left|right|both|izquierd[ao]s?|derech[ao]s?|ambas)\b/i.test(p.injury)) return "";
  return w.t(`narrative.ofHand.${p.affectedHand}`);
}

function introduction(p: PatientProfile, who: string, today: Date, w: Words): string {
  const named = p.age !== null ? w.t("narrative.withAge", { who, age: p.age }) : who;
  const condition = p.injury
    ? w.t("narrative.followedFor", { who: named, injury: p.injury.replace(/\.$/, "") })
    : w.t("narrative.followed", { who: named });
  let sentence = `${condition}${handWords(p, w)}`;
  if (p.surgeryDate) {
    const when = weeksSince(p.surgeryDate, today, w);
    const what = p.surgeryType ? p.surgeryType : w.t("narrative.surgery");
    const date = longDate(p.surgeryDate, w);
    sentence += when ? w.t("narrative.surgeryOn", { what, date, when }) : w.t("narrative.surgeryPlanned", { what, date });
  }
  return `${sentence}.`;
}

/** "8 results on 6 days over 4 weeks": the follow-up's extent, from the first day with a result. */
export function followUp(facts: PatientFacts, w: Words = ENGLISH): string | null {
  const { counts } = facts.profile;
  if (!facts.span || counts.assessments === 0) return null;
  const spanDays = Math.round((Date.parse(facts.span.last) - Date.parse(facts.span.first)) / 86_400_000);
  const over = counts.scoreDays > 1 ? w.t("narrative.over", { weeks: Math.max(1, Math.round(spanDays / 7)) }) : "";
  return w.t("narrative.extent", { results: counts.assessments, days: counts.scoreDays }) + over;
}

function scoreParagraph(facts: PatientFacts, w: Words): string {
  const extent = followUp(facts, w);
  if (!extent) return w.t("narrative.noResults");
  const sentences = [w.t("narrative.latest", { extent, date: longDate(facts.span!.last, w) })];
  const tests = facts.profile.tests.map((t) => testLine(t, w));
  if (tests.length) sentences.push(w.t("narrative.tests", { tests: tests.join("; ") }));
  return sentences.join(" ");
}

/**
 * The attention in one sentence, from the same judgement as the list: flagged with its reasons;
 * after a review, who reviewed it and what is still on record; else what to re-measure, or that
 * nothing is flagged. Never "no test is declining" while one is.
 */
export function attentionSentence(facts: PatientFacts, w: Words = ENGLISH): string {
  const p = facts.profile;
  const words = reasonWords(w.locale);
  const texts = (reasons: typeof p.attentionReasons) => reasonTexts(reasons, p.tests, words).join("; ");
  const remeasures = p.attentionReasons.filter((r) => r.reason === "remeasure");
  const again = remeasures.length ? w.t("narrative.remeasure", { list: texts(remeasures) }) : "";
  if (p.needsAttention) {
    return w.t("narrative.flagged", { reasons: texts(p.attentionReasons.filter((r) => r.reason !== "remeasure")) }) + again;
  }
  const onRecord = attentionReasons(p.tests, true).filter((r) => r.reason !== "remeasure");
  if (p.reviewedAt && onRecord.length) {
    const who = facts.reviewer ?? w.t("narrative.aClinician");
    return w.t("narrative.reviewed", { who, date: longDate(p.reviewedAt, w), list: texts(onRecord) }) + again;
  }
  if (remeasures.length) return w.t("narrative.notFlagged") + again;
  return w.t("narrative.nothing");
}

function journalParagraph(entries: JournalEntry[], w: Words): string | null {
  const [last] = entries;
  if (!last) return null;
  const ratings = [
    last.painRating !== null ? w.t("narrative.pain", { value: w.number(last.painRating) }) : null,
    last.functionRating !== null ? w.t("narrative.function", { value: w.number(last.functionRating) }) : null,
  ].filter(Boolean);
  const facts = { date: longDate(last.createdAt, w), moment: w.t(`narrative.moment.${last.entryType}`), text: entrySummary(last) };
  let sentence = ratings.length
    ? w.t("narrative.journalRated", { ...facts, ratings: ratings.join(w.t("narrative.and")) })
    : w.t("narrative.journal", facts);
  const painSeries = entries.map((e) => e.painRating).filter((v): v is number => v !== null);
  if (painSeries.length >= 2) {
    const newest = painSeries[0]!;
    const change = { from: w.number(painSeries[painSeries.length - 1]!), count: painSeries.length };
    if (newest < painSeries[painSeries.length - 1]!) sentence += w.t("narrative.eased", change);
    else if (newest > painSeries[painSeries.length - 1]!) sentence += w.t("narrative.risen", change);
  }
  return sentence;
}

/** The note in the language of `w` (the catalogue's "narrative"). */
export function templateNarrative(facts: PatientFacts, today = new Date(), w: Words = ENGLISH): string {
  const who = facts.profile.name ?? w.t("narrative.thePatient");
  const treatments = facts.profile.activeTreatments.map((t) => t.name);
  return [
    introduction(facts.profile, who, today, w) + (treatments.length ? w.t("narrative.treatment", { list: treatments.join(", ") }) : ""),
    scoreParagraph(facts, w),
    journalParagraph(facts.journal, w),
    attentionSentence(facts, w),
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
      p.tests.map((t) => testLine(t)).join("; ") || "none"
    }`,
    `Attention: ${attentionSentence(facts)}`,
    ...facts.journal.map(
      (e) =>
        `Journal ${e.createdAt.toISOString().slice(0, 10)} (${e.entryType}): pain ${e.painRating ?? "-"}/10, function ${e.functionRating ?? "-"}/10: ${entrySummary(e)}`,
    ),
  ];
  return lines.join("\n");
}

/** `language`: the reader's; the model is asked to write in it, the template writes in it. */
export async function narrativeSummary(caller: AccessContext, patientId: number, language: Locale = "en") {
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
          "Refer to the person as 'the patient'. No headings, no lists, no diagnosis, no treatment advice. " +
          `Write the note in ${LOCALE_NAMES[language]} (${language}), as a hand therapist writing in that language would.`,
      },
      { role: "user", content: modelFacts(facts, today) },
    ],
    { purpose: "narrative-summary", maxTokens: 400 },
  );
  if (text) return { summary: text, source: "ai" as const };
  return { summary: templateNarrative(facts, today, wordsFor(language)), source: "template" as const };
}
