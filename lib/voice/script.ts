// The scripted side of the conversation: what each step says when no language model answers
// (and what the model is asked to convey when one does), coaching lines, and the few words
// the session listens for.
import type { ReadAssessmentType } from "@/lib/assessments/types";
import { KIND_LIST, KINDS } from "@/lib/assessments/kinds";
import type { OwnScale } from "@/lib/assessments/kinds/kind";
import type { CoachingHint } from "@/lib/voice/protocol";

/** The words that name each kind, tried in this order (thumb before pain: "my thumb hurts" asks for the thumb test). */
const TYPE_WORDS: Record<ReadAssessmentType, RegExp> = {
  ROM: /\b(range of motion|rom|wrist|bend)/i,
  DEXTERITY: /\b(tap|tapping|dexterity)/i,
  THUMB: /\bthumb/i,
  ARTHRITIS: /\barthritis/i,
  QUICKDASH: /\b(quick ?dash|questionnaire)/i,
  PAIN: /\bpain/i,
};

/** The assessment type a sentence names, if any. */
export function assessmentTypeIn(text: string): ReadAssessmentType | null {
  const found = Object.entries(TYPE_WORDS).find(([, words]) => words.test(text));
  return found ? (found[0] as ReadAssessmentType) : null;
}

/** In the menu: does the person ask for an assessment rather than to talk? */
export function asksForAssessment(text: string): boolean {
  return /\b(assess\w*|test\w*|measur\w*|exercis\w*)\b/i.test(text);
}

export function saysReady(text: string): boolean {
  return /\b(ready|start|begin|go|yes)\b/i.test(text);
}

const CAMERA = "Get your hand in view of the camera";
const outOf100 = (headline: number) => `Your score is ${Math.round(headline)} out of 100.`;
const onOwnScale = (scale: OwnScale, headline: number) => Math.round(scale.fromHeadline(headline));

/**
 * What each kind asks of the person before it starts, and how its result is said. The score the
 * app reports is the headline (0-100, higher is better); a kind published on another scale is
 * said on its own: pain as the worst rating out of 10, QuickDASH as its disability score.
 */
const VOICE: Record<ReadAssessmentType, { prepare: string; result(headline: number): string }> = {
  ROM: { prepare: CAMERA, result: outOf100 },
  DEXTERITY: { prepare: CAMERA, result: outOf100 },
  THUMB: { prepare: CAMERA, result: outOf100 },
  PAIN: {
    prepare: "You'll mark where it hurts on the screen and rate each place from 0 to 10",
    result: (headline) => `Your worst pain was ${onOwnScale(KINDS.PAIN.ownScale, headline)} out of 10.`,
  },
  ARTHRITIS: {
    prepare: "You'll answer a few questions on the screen about stiffness, swelling and everyday tasks",
    result: outOf100,
  },
  QUICKDASH: {
    prepare: "No camera is needed: you'll answer eleven questions on the screen about how hard everyday tasks were over the last week",
    result: (headline) =>
      `Your QuickDASH score is ${onOwnScale(KINDS.QUICKDASH.ownScale, headline)} out of 100; on this questionnaire a lower score means less difficulty.`,
  },
};

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
    `${capitalize(KINDS[type].spoken)} it is. ${VOICE[type].prepare}, and say ready or press start when you are.`,
  starting: (type: ReadAssessmentType) => `Starting the ${KINDS[type].spoken} assessment now.`,
  active: "Off we go. Follow the instructions on the screen, and I'll coach you along the way.",
  keepGoing: "You're doing well, keep going.",
  cancelled: "No problem, we stopped that one. Press start to try again, or choose another assessment.",
  review: (type: ReadAssessmentType | null, score: number | null) =>
    [
      `Well done, the ${type ? KINDS[type].spoken + " " : ""}assessment is finished.`,
      score === null ? "" : type ? VOICE[type].result(score) : outOf100(score),
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
