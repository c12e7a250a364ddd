// The plain-language explanation of a report: the language model when it answers, otherwise a
// deterministic template. Both carry the "not a medical diagnosis" caveat.
import { complete, type ChatMessage } from "@/lib/llm";
import {
  formatDate,
  handName,
  headline,
  painLabel,
  progressionName,
  round,
  snapshotMetrics,
  snapshotNotes,
  typeName,
} from "@/lib/report-view/present";
import type { ReportAssessment, ReportView } from "@/lib/report-view/schemas";

export const CAVEAT =
  "These results are not a medical diagnosis. They come from self-measurements and questionnaires, and are best discussed with a qualified clinician who can interpret them alongside an examination.";

const SYSTEM_PROMPT = [
  "You explain hand-function assessment results to the patient who recorded them, in plain, calm, everyday English.",
  "Scores are 0-100 where higher is better; pain is 0-10 where higher is worse; arthritis progression levels run from 0 (No Concerns) to 4 (Severe).",
  "Describe what the numbers show and how they changed over time. Do not diagnose, do not name diseases the patient may have, and do not recommend treatments or medication changes.",
  "This is not a medical diagnosis: say so explicitly in your answer, and suggest discussing the results with a clinician.",
  "Write at most 180 words in two or three short paragraphs, without headings, lists or markdown.",
].join(" ");

/** One line per assessment with its labelled numbers (no names: nothing identifying leaves the service). */
function describe(item: ReportAssessment, index: number): string {
  const numbers = snapshotMetrics(item).map((m) => `${m.label} ${m.value}${m.meaning ? ` (${m.meaning})` : ""}`);
  const notes = snapshotNotes(item)
    .filter((note) => note.label !== "Comments")
    .map((note) => `${note.label}: ${note.text}`);
  return `${index + 1}. ${formatDate(item.dateCreated)}, ${typeName(item.assessmentType)}, ${handName(item.hand)}: ${[...numbers, ...notes].join("; ")}`;
}

export function explanationPrompt(report: ReportView): ChatMessage[] {
  return [
    { role: "system", content: SYSTEM_PROMPT },
    {
      role: "user",
      content: `Explain this report of ${report.assessments.length} hand assessment(s), oldest first as listed:\n${report.assessments.map(describe).join("\n")}`,
    },
  ];
}

function change(first: number, last: number, higherIsBetter: boolean): string {
  const delta = last - first;
  // The spec's trend threshold: a difference within ±2 points is stable.
  if (Math.abs(delta) <= 2) return "stayed about the same";
  return delta > 0 === higherIsBetter ? "improved" : "worsened";
}

function byDate(items: ReportAssessment[]): ReportAssessment[] {
  return [...items].sort((a, b) => Date.parse(a.dateCreated) - Date.parse(b.dateCreated));
}

const GROUP_ORDER: ReportAssessment["assessmentType"][] = ["ROM", "THUMB", "DEXTERITY", "PAIN", "ARTHRITIS"];

function groupSentence(type: ReportAssessment["assessmentType"], items: ReportAssessment[]): string {
  const sorted = byDate(items);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const count = `${typeName(type)} (${items.length} assessment${items.length === 1 ? "" : "s"})`;
  if (type === "PAIN") {
    const worst = (item: ReportAssessment) => {
      const value = item.resultSnapshot.maxSeverity;
      return typeof value === "number" ? value : null;
    };
    const a = worst(first);
    const b = worst(last);
    if (b === null) return `${count}: no pain rating was recorded.`;
    if (items.length === 1 || a === null) return `${count}: the worst pain reported was ${round(b)} out of 10 (${painLabel(b)}).`;
    const verdict = Math.abs(b - a) < 1 ? "stayed about the same" : b < a ? "eased" : "increased";
    return `${count}: the worst pain reported ${verdict}, from ${round(a)} out of 10 (${painLabel(a)}) to ${round(b)} out of 10 (${painLabel(b)}).`;
  }
  const scoreName = type === "ARTHRITIS" ? "composite score" : "overall score";
  const a = headline(first).score;
  const b = headline(last).score;
  let sentence: string;
  if (b === null) sentence = `${count}: no ${scoreName} was recorded`;
  else if (items.length === 1 || a === null) sentence = `${count}: the ${scoreName} was ${round(b)} out of 100`;
  else sentence = `${count}: the ${scoreName} ${change(a, b, true)}, from ${round(a)} to ${round(b)} out of 100 (higher is better)`;
  if (type === "ARTHRITIS" && typeof last.resultSnapshot.progressionLevel === "number") {
    const level = last.resultSnapshot.progressionLevel;
    sentence += `; the latest progression level is ${Math.round(level)} (${progressionName(level)})`;
  }
  return `${sentence}.`;
}

/** The deterministic explanation used when the language model is not configured, fails or is too slow. */
export function templateExplanation(report: ReportView): string {
  const items = report.assessments;
  if (items.length === 0) return `This report no longer contains any assessments. ${CAVEAT}`;
  const sorted = byDate(items);
  const from = formatDate(sorted[0]!.dateCreated);
  const to = formatDate(sorted.at(-1)!.dateCreated);
  const span = from === to ? `on ${from}` : `between ${from} and ${to}`;
  const intro = `This report brings together ${items.length} hand assessment${items.length === 1 ? "" : "s"} recorded ${span}.`;
  const groups = GROUP_ORDER.flatMap((type) => {
    const ofType = items.filter((item) => item.assessmentType === type);
    return ofType.length ? [groupSentence(type, ofType)] : [];
  });
  return [intro, groups.join(" "), CAVEAT].join("\n\n");
}

/** Makes sure a model's answer carries the caveat even when it left it out. */
function withCaveat(text: string): string {
  return /not (a )?(medical )?diagnos/i.test(text) ? text : `${text}\n\n${CAVEAT}`;
}

export async function generateExplanation(report: ReportView): Promise<{ explanation: string; source: "ai" | "fallback" }> {
  const text = await complete(explanationPrompt(report), { purpose: "report-explanation", maxTokens: 400 });
  if (text) return { explanation: withCaveat(text), source: "ai" };
  return { explanation: templateExplanation(report), source: "fallback" };
}
