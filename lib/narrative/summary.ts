// GET /patients/:id/narrative-summary: a short progress note. The language model writes it when
// configured; otherwise, or when the model fails, a deterministic template writes it from the
// same facts. The model is never sent the patient's name or e-mail.
import { KINDS } from "@/lib/assessments/kinds";
import type { KindModule } from "@/lib/assessments/kinds/kind";
import { HAND_NAMES, JOURNAL_ENTRY_MOMENTS } from "@/lib/assessments/vocabulary";
import { openPatient, type PatientHandle } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import { db } from "@/lib/db";
import type { JournalEntry } from "@/lib/generated/prisma/client.ts";
import { entrySummary } from "@/lib/journal/service";
import { complete } from "@/lib/llm";
import { patientProfile } from "@/lib/patients/profile";
import type { PatientProfile } from "@/lib/patients/schemas";
import { dailyScores } from "@/lib/patients/scores";
import { testLabel, TREND_WORDS } from "@/lib/patients/standing";

type DailyScore = Awaited<ReturnType<typeof dailyScores>>["scores"][number];

export interface PatientFacts {
  profile: PatientProfile;
  /** Newest first. */
  days: DailyScore[];
  /** Newest first. */
  journal: JournalEntry[];
}

export async function patientFacts(patient: PatientHandle, journalEntries = 3): Promise<PatientFacts> {
  const profile = await patientProfile(patient);
  const [{ scores }, journal] = await Promise.all([
    dailyScores(patient, { limit: 60, offset: 0 }),
    db().journalEntry.findMany({
      where: { patientId: patient.patientId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: journalEntries,
    }),
  ]);
  return { profile, days: scores, journal };
}

export function longDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return date.toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
}

const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const points = (value: number) => `${number(Math.abs(value))} point${Math.abs(value) === 1 ? "" : "s"}`;

function weeksSince(isoDay: string, today: Date): string | null {
  const days = Math.floor((today.getTime() - Date.parse(`${isoDay}T00:00:00Z`)) / 86_400_000);
  if (days < 0) return null;
  if (days < 14) return `${days} day${days === 1 ? "" : "s"} ago`;
  return `${Math.floor(days / 7)} weeks ago`;
}

function introduction(p: PatientProfile, who: string, today: Date): string {
  const age = p.age !== null ? `, ${p.age},` : "";
  const condition = p.injury ? `is being followed for ${p.injury.replace(/\.$/, "")}` : "is being followed";
  const hand = p.affectedHand ? ` of the ${HAND_NAMES[p.affectedHand]!.toLowerCase()}` : "";
  let sentence = `${who}${age} ${condition}${hand}`;
  if (p.surgeryDate) {
    const when = weeksSince(p.surgeryDate, today);
    const what = p.surgeryType ? p.surgeryType : "surgery";
    sentence += when ? `; ${what} on ${longDate(p.surgeryDate)} (${when})` : `; ${what} is planned for ${longDate(p.surgeryDate)}`;
  }
  return `${sentence}.`;
}

type TestFacts = PatientProfile["tests"][number];

/** "; QuickDASH disability 20 → 35 out of 100, higher is more disability": a kind published on its own scale is said on it too. */
function ownScale(t: TestFacts): string {
  const kind: KindModule = KINDS[t.test];
  const scale = kind.ownScale;
  if (!scale) return "";
  const figures = [t.previousScore, t.score].filter((v): v is number => v !== null).map((v) => number(scale.fromHeadline(v)));
  return `; ${scale.name} ${figures.join(" → ")} out of ${scale.max}${scale.direction ? `, ${scale.direction}` : ""}`;
}

function scoreParagraph(facts: PatientFacts): string {
  const { profile: p, days } = facts;
  const [latest, previous] = days;
  if (!latest) return "No assessments are on record yet, so there is no score or trend to report.";
  const window = days.filter((d) => Date.parse(d.date) >= Date.parse(latest.date) - 29 * 86_400_000);
  const sentences: string[] = [];
  sentences.push(
    `${p.counts.assessments} assessment${p.counts.assessments === 1 ? " is" : "s are"} on record over ${p.counts.scoreDays} day${p.counts.scoreDays === 1 ? "" : "s"}.`,
  );
  let latestSentence = `The latest overall score is ${number(latest.overallScore)}/100 (${longDate(latest.date)})`;
  if (previous) {
    const change = Math.round((latest.overallScore - previous.overallScore) * 10) / 10;
    const direction = change === 0 ? "unchanged from" : change > 0 ? `up ${points(change)} from` : `down ${points(change)} from`;
    const verdict = { improving: "an improving trend", declining: "a declining trend", stable: "a stable picture" }[p.trend];
    latestSentence += `, ${direction} ${number(previous.overallScore)} on ${longDate(previous.date)}: ${verdict}.`;
  } else {
    latestSentence += "; with a single day of scores there is no trend yet.";
  }
  sentences.push(latestSentence);
  if (window.length >= 3) {
    const values = window.map((d) => d.overallScore);
    sentences.push(
      `Over the 30 days to that date the overall score ranged from ${number(Math.min(...values))} to ${number(Math.max(...values))}.`,
    );
  }
  const tests = p.tests.map((t) => {
    // Mid-sentence: "range of motion (left)", but a name written in capitals stays ("QuickDASH").
    const named = testLabel(t.test, t.hand);
    const label = /[A-Z]{2}/.test(named) ? named : named.toLowerCase();
    if (t.previousScore === null || t.previousDate === null)
      return `${label} ${number(t.score)} (one day of results, not enough data for a trend${ownScale(t)})`;
    return `${label} ${number(t.previousScore)} → ${number(t.score)} (${TREND_WORDS[t.trend]}${ownScale(t)})`;
  });
  if (tests.length) sentences.push(`Each test against its own previous result (out of 100, higher is better): ${tests.join("; ")}.`);
  return sentences.join(" ");
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

function attentionSentence(p: PatientProfile): string {
  if (!p.needsAttention)
    return "Nothing currently flags this patient for attention: no test is declining and the overall score is not below 40.";
  return `Flagged for attention: ${p.attentionReasons.map((r) => r.text).join("; ")}. A review is suggested.`;
}

export function templateNarrative(facts: PatientFacts, today = new Date()): string {
  const who = facts.profile.name ?? "The patient";
  const treatments = facts.profile.activeTreatments.map((t) => t.name);
  return [
    introduction(facts.profile, who, today) + (treatments.length ? ` Current treatment: ${treatments.join(", ")}.` : ""),
    scoreParagraph(facts),
    journalParagraph(facts.journal),
    attentionSentence(facts.profile),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The facts as the model sees them: no name, no e-mail. */
function modelFacts(facts: PatientFacts, today: Date): string {
  const { profile: p } = facts;
  const lines = [
    `Today: ${today.toISOString().slice(0, 10)}`,
    `Age: ${p.age ?? "unknown"}; affected hand: ${p.affectedHand ?? "unknown"}; injury: ${p.injury ?? "not recorded"}`,
    `Surgery: ${p.surgeryType ?? "surgery"} on ${p.surgeryDate ?? "no date recorded"}`,
    `Active treatments: ${p.activeTreatments.map((t) => t.name).join(", ") || "none recorded"}`,
    `Overall trend (latest two daily overall scores, threshold 2 points): ${p.trend}`,
    `Each test against its own previous day (0-100, higher is better, threshold 2 points): ${
      p.tests
        .map((t) =>
          t.previousScore === null
            ? `${testLabel(t.test, t.hand)} ${number(t.score)} on ${t.date}, ${TREND_WORDS[t.trend]}${ownScale(t)}`
            : `${testLabel(t.test, t.hand)} ${number(t.previousScore)} on ${t.previousDate} → ${number(t.score)} on ${t.date}, ${TREND_WORDS[t.trend]}${ownScale(t)}`,
        )
        .join("; ") || "none"
    }`,
    `Needs attention: ${p.needsAttention ? `yes (${p.attentionReasons.map((r) => r.text).join("; ")})` : "no (no test declining, overall score not below 40)"}`,
    `Daily overall scores (each test's latest value carried forward), newest first (0-100, higher is better): ${
      facts.days
        .slice(0, 14)
        .map((d) => `${d.date} ${number(d.overallScore)}`)
        .join("; ") || "none"
    }`,
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
          "Write 3 to 6 sentences of plain prose: condition and surgery, score level and each test's trend with numbers, what the journal says, and whether a review is warranted. " +
          "Compare each test only with its own earlier results; never call a change between different tests a trend. Use the attention line as given. " +
          "Refer to the person as 'the patient'. No headings, no lists, no diagnosis, no treatment advice.",
      },
      { role: "user", content: modelFacts(facts, today) },
    ],
    { purpose: "narrative-summary", maxTokens: 400 },
  );
  if (text) return { summary: text, source: "ai" as const };
  return { summary: templateNarrative(facts, today), source: "template" as const };
}
