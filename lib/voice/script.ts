// The scripted side of the conversation: what each step says when no language model answers
// (and what the model is asked to convey when one does), coaching lines, and the few words
// the session listens for.
import type { ReadAssessmentType } from "@/lib/assessments/types";
import { KIND_LIST, KINDS } from "@/lib/assessments/kinds";
import { primaryMeasure, roundTo } from "@/lib/assessments/kinds/kind";
import { measureFromHeadline } from "@/lib/report-view/measure";
import { ENGLISH } from "@/lib/report-view/words";
import type { CoachingHint } from "@/lib/voice/protocol";

/**
 * The assessment type a sentence names, if any: the kind whose words match the longest stretch of
 * it, so "my thumb pain" asks for the thumb test and "the wrist questionnaire" for the PRWE, not
 * range of motion; on a tie, the registry's order.
 */
export function assessmentTypeIn(text: string): ReadAssessmentType | null {
  let best: { type: ReadAssessmentType; length: number } | null = null;
  for (const kind of KIND_LIST) {
    const length = kind.voice.words.exec(text)?.[0].length ?? 0;
    if (length > (best?.length ?? 0)) best = { type: kind.type as ReadAssessmentType, length };
  }
  return best?.type ?? null;
}

/** In the menu: does the person ask for an assessment rather than to talk? */
export function asksForAssessment(text: string): boolean {
  return /\b(assess\w*|test\w*|measur\w*|exercis\w*)\b/i.test(text);
}

export function saysReady(text: string): boolean {
  return /\b(ready|start|begin|go|yes)\b/i.test(text);
}

const outOf100 = (headline: number) => `Your score is ${Math.round(headline)} out of 100.`;

/**
 * The result said on the kind's own measure, from its declaration: the app reports the headline
 * (0-100, higher is better), which for a measure where higher is worse is its mirror, so it is
 * turned back first ("Your result: Worst pain 6 out of 10; lower is better.").
 */
function resultLine(type: ReadAssessmentType, headline: number): string {
  const kind = KINDS[type];
  const spec = primaryMeasure(kind);
  const value = roundTo(measureFromHeadline(kind, headline));
  const outOf = spec.scale ? ` out of ${spec.scale[1]}` : "";
  const direction = spec.direction ? `; ${ENGLISH.measure.direction[spec.direction]}` : "";
  return `Your result: ${spec.label} ${value}${outOf}${direction}.`;
}

const spokenList = (names: string[]) => `${names.slice(0, -1).join(", ")}, or ${names[names.length - 1]}`;
const CHOOSE = `Which assessment would you like: ${spokenList(KIND_LIST.map((kind) => kind.spoken))}?`;

export const LINES = {
  greeting:
    "Hello, I'm your hand health assistant. I can check in on how your hands feel and guide you through an assessment. Say anything when you're ready.",
  menu: "Would you like to tell me how your hands feel today, or start an assessment right away?",
  checkIn: "How are your hands feeling today? Tell me about any pain, stiffness, or things that were hard to do.",
  checkInNoted: (saved: boolean) => `${saved ? "Thank you, I've added that to your journal." : "Thank you for telling me."} ${CHOOSE}`,
  chooseType: CHOOSE,
  prepared: (type: ReadAssessmentType) =>
    `${capitalize(KINDS[type].spoken)} it is. ${KINDS[type].voice.prepare}, and say ready or press start when you are.`,
  starting: (type: ReadAssessmentType) => `Starting the ${KINDS[type].spoken} assessment now.`,
  active: "Off we go. Follow the instructions on the screen, and I'll coach you along the way.",
  keepGoing: "You're doing well, keep going.",
  cancelled: "No problem, we stopped that one. Press start to try again, or choose another assessment.",
  review: (type: ReadAssessmentType | null, score: number | null) =>
    [
      `Well done, the ${type ? KINDS[type].spoken + " " : ""}assessment is finished.`,
      score === null ? "" : type ? resultLine(type, score) : outOf100(score),
      "Remember, this is not a diagnosis. Shall we take a moment to reflect on how it went?",
    ]
      .filter(Boolean)
      .join(" "),
  reflect: "How did that feel? Was anything painful, or harder than usual?",
  reflectionNoted: (saved: boolean) =>
    `${saved ? "Thank you, I've added that to your journal." : "Thank you for sharing that."} Press restart for another round, or close the app when you're done.`,
  reflectionMore: "Is there anything else? Press restart for another round, or close the app when you're done.",
} as const;

const HINT_LINES: Record<CoachingHint, string> = {
  HAND_NOT_VISIBLE: "I can't see your hand. Move it back into the camera view.",
  POOR_LIGHTING: "It's a bit dark. Try facing a window or turning on a light.",
  TOO_FAST: "Slow down a little, smooth movements work best.",
  TOO_SLOW: "A little faster if you can.",
  HOLD_STILL: "Hold still for a moment.",
  MOVE_CLOSER: "Bring your hand a little closer to the camera.",
  MOVE_AWAY: "Move your hand a little further from the camera.",
};

export function coachingLine(hint: CoachingHint | null, progress: number | null): string {
  if (hint) return HINT_LINES[hint];
  if (progress !== null && progress >= 0.9) return "Almost done.";
  if (progress !== null && progress >= 0.5) return "Halfway there, keep it steady.";
  return "Good, keep going.";
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
