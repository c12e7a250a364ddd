// The plain-language explanation of a report: the language model when it answers, otherwise a
// deterministic template. Both carry the "not a medical diagnosis" caveat.
import { complete, type ChatMessage } from "@/lib/llm";
import { KIND_LIST, kindOf } from "@/lib/assessments/kinds";
import type { KindModule, MetricSpec } from "@/lib/assessments/kinds/kind";
import { verdictOf, type Verdict } from "@/lib/report-view/measure";
import {
  formatDate,
  formatMetric,
  handName,
  headline,
  kindMetrics,
  metricMeaning,
  scaleText,
  snapshotMetrics,
  snapshotNotes,
  typeName,
} from "@/lib/report-view/present";
import type { ReportAssessment, ReportView } from "@/lib/report-view/schemas";
import { ENGLISH } from "@/lib/report-view/words";

export const CAVEAT =
  "These results are not a medical diagnosis. They come from self-measurements and questionnaires, and are best discussed with a qualified clinician who can interpret them alongside an examination.";

const SYSTEM_PROMPT = [
  "You explain hand-function assessment results to the patient who recorded them, in plain, calm, everyday English.",
  "Each number is given on its own published scale with which way is better beside it: for example QuickDASH runs 0-100 where lower is better (less disability), worst pain 0-10 where lower is better, the app's composite scores 0-100 where higher is better, and arthritis progression levels 0 (No Concerns) to 4 (Severe). Never turn a score upside down or convert it to another scale.",
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

const VERBS: Record<Verdict, string> = {
  better: "improved",
  worse: "worsened",
  within: "stayed within its minimal clinically important change",
};

/** A value with what it means where the scale names it: "6 / 10 (Distressing)" (the sentence says the scale and its direction). */
function reading(spec: MetricSpec, value: number): string {
  const meaning = metricMeaning(spec, value);
  const named = meaning && (!spec.direction || meaning !== ENGLISH.measure.direction[spec.direction]);
  return named ? `${formatMetric(spec, value)} (${meaning})` : formatMetric(spec, value);
}

/** A kind's results in one sentence: its own measure, first to latest, and its other graded levels. */
function groupSentence(kind: KindModule, items: ReportAssessment[]): string {
  const type = kind.type as ReportAssessment["assessmentType"];
  const sorted = byDate(items);
  const first = headline(sorted[0]!);
  const last = headline(sorted.at(-1)!);
  const count = `${typeName(type)} (${items.length} assessment${items.length === 1 ? "" : "s"})`;
  const { spec } = last;
  const scale = scaleText(spec);
  const onScale = scale ? `, on a scale of ${scale}` : "";
  let sentence: string;
  if (last.value === null) sentence = `${count}: no ${spec.label} was recorded`;
  else if (items.length === 1 || first.value === null) sentence = `${count}: ${spec.label} was ${reading(spec, last.value)}${onScale}`;
  else {
    const verb = VERBS[verdictOf(spec, first.value, last.value) ?? "within"];
    sentence = `${count}: ${spec.label} ${verb}, from ${reading(spec, first.value)} to ${reading(spec, last.value)}${onScale}`;
  }
  const levels = kindMetrics(kind, sorted.at(-1)!.resultSnapshot).filter((shown) => shown.spec.unit === "level");
  for (const level of levels) sentence += `; the latest ${level.label.toLowerCase()} is ${level.value} (${level.meaning})`;
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
