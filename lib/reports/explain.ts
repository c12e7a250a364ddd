// The plain-language explanation of a report: the language model when it answers, otherwise a
// deterministic template. Both carry the "not a medical diagnosis" caveat.
import { complete, type ChatMessage } from "@/lib/llm";
import { KIND_LIST, kindOf } from "@/lib/assessments/kinds";
import { isBetter, num, primaryMeasure, type KindModule, type MetricSpec } from "@/lib/assessments/kinds/kind";
import { formatDate, handName, metricMeaning, round, snapshotMetrics, snapshotNotes, typeName } from "@/lib/report-view/present";
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

function byDate(items: ReportAssessment[]): ReportAssessment[] {
  return [...items].sort((a, b) => Date.parse(a.dateCreated) - Date.parse(b.dateCreated));
}

/** "60 out of 100", "6 out of 10 (Distressing)": a value on the measure's own scale, with its name where the scale has names. */
function onScale(spec: MetricSpec, value: number): string {
  const max = spec.scale?.[1];
  const named = spec.unit === "severity" || spec.unit === "level" ? metricMeaning(spec, value) : undefined;
  return `${round(value)}${max === undefined ? "" : ` out of ${max}`}${named ? ` (${named})` : ""}`;
}

/** One sentence per kind: its measure on its own scale, first to latest, and the values the kind says at the latest. */
function groupSentence(kind: KindModule, items: ReportAssessment[]): string {
  const spec = primaryMeasure(kind);
  const words = spec.words ?? { subject: spec.label.toLowerCase(), better: "improved", worse: "worsened", steady: 0 };
  const sorted = byDate(items);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const count = `${typeName(kind.type as ReportAssessment["assessmentType"])} (${items.length} assessment${items.length === 1 ? "" : "s"})`;
  const a = num(first.resultSnapshot[spec.key]);
  const b = num(last.resultSnapshot[spec.key]);
  let sentence: string;
  if (b === null) sentence = `${count}: no ${words.missing ?? words.subject} was recorded`;
  else if (items.length === 1 || a === null) sentence = `${count}: the ${words.subject} was ${onScale(spec, b)}`;
  else {
    const verdict = Math.abs(b - a) <= words.steady ? "stayed about the same" : isBetter(spec, a, b) ? words.better : words.worse;
    // A scale with names says each value's; a plain score says its direction once.
    const span = metricMeaning(spec, b)
      ? `from ${onScale(spec, a)} to ${onScale(spec, b)}`
      : `from ${round(a)} to ${onScale(spec, b)}${spec.direction === "higherIsBetter" ? " (higher is better)" : " (higher is worse)"}`;
    sentence = `${count}: the ${words.subject} ${verdict}, ${span}`;
  }
  for (const latest of kind.metrics.filter((metric) => metric.sayLatest)) {
    const value = num(last.resultSnapshot[latest.key]);
    if (value !== null) sentence += `; the latest ${latest.label.toLowerCase()} is ${Math.round(value)} (${metricMeaning(latest, value)})`;
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
  // Every kind of the registry, in its order: a kind missing here would leave its results out.
  const groups = KIND_LIST.flatMap((kind) => {
    const ofKind = items.filter((item) => kindOf(item.assessmentType) === kind);
    return ofKind.length ? [groupSentence(kind, ofKind)] : [];
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
