// The one transition table of a voice session (docs/voice-protocol.md shows the same table;
// a test keeps the two equal). A row with `to` equal to `from` answers without moving. A
// trigger with no row in the current state is answered with an error NOT_ALLOWED_NOW.
import type { VoiceState } from "@/lib/voice/protocol";

export type Trigger =
  | "session_open"
  | "utterance"
  | "continue"
  | "check_in"
  | "start_assessment"
  | "skip"
  | "restart"
  | "assessment_started"
  | "assessment_progress"
  | "assessment_completed"
  | "assessment_cancelled";

export interface Transition {
  from: VoiceState;
  on: Trigger;
  to: VoiceState;
  /** What else happens, in words (the doc's last column). */
  effect: string;
}

export const TRANSITIONS: readonly Transition[] = [
  { from: "IDLE", on: "session_open", to: "GREETING", effect: "greeting" },
  { from: "GREETING", on: "utterance", to: "NAVIGATION", effect: "action show_menu" },
  { from: "GREETING", on: "continue", to: "NAVIGATION", effect: "action show_menu" },
  { from: "NAVIGATION", on: "utterance", to: "CHECK_IN", effect: "asks how the hands feel" },
  { from: "NAVIGATION", on: "check_in", to: "CHECK_IN", effect: "asks how the hands feel" },
  {
    from: "NAVIGATION",
    on: "start_assessment",
    to: "ASSESSMENT_SETUP",
    effect: "skips the check-in; action prepare_assessment or show_assessment_options",
  },
  {
    from: "CHECK_IN",
    on: "utterance",
    to: "ASSESSMENT_SETUP",
    effect: "the answer becomes an AD_HOC_CHECK_IN journal entry (signed in); action show_assessment_options",
  },
  { from: "CHECK_IN", on: "skip", to: "ASSESSMENT_SETUP", effect: "no journal entry; action show_assessment_options" },
  {
    from: "ASSESSMENT_SETUP",
    on: "utterance",
    to: "ASSESSMENT_SETUP",
    effect: "names a type: action prepare_assessment; says ready with a type chosen: action start_assessment; else lists the types",
  },
  {
    from: "ASSESSMENT_SETUP",
    on: "start_assessment",
    to: "ASSESSMENT_SETUP",
    effect: "with a type: action prepare_assessment (selected) or start_assessment (button); else lists the types",
  },
  { from: "ASSESSMENT_SETUP", on: "assessment_started", to: "ASSESSMENT_ACTIVE", effect: "encouragement" },
  { from: "ASSESSMENT_ACTIVE", on: "utterance", to: "ASSESSMENT_ACTIVE", effect: "short encouragement" },
  { from: "ASSESSMENT_ACTIVE", on: "assessment_progress", to: "ASSESSMENT_ACTIVE", effect: "coaching (no ai_response)" },
  { from: "ASSESSMENT_ACTIVE", on: "assessment_completed", to: "ASSESSMENT_REVIEW", effect: "action show_results; the score in words" },
  { from: "ASSESSMENT_ACTIVE", on: "assessment_cancelled", to: "ASSESSMENT_SETUP", effect: "back-move; offers to try again" },
  { from: "ASSESSMENT_REVIEW", on: "utterance", to: "REFLECTION", effect: "asks how it went" },
  { from: "ASSESSMENT_REVIEW", on: "continue", to: "REFLECTION", effect: "asks how it went" },
  { from: "REFLECTION", on: "utterance", to: "REFLECTION", effect: "the first answer becomes a POST_ASSESSMENT journal entry (signed in)" },
  { from: "REFLECTION", on: "restart", to: "NAVIGATION", effect: "back-move for another round; action show_menu" },
];

export function transitionFor(from: VoiceState, on: Trigger): Transition | null {
  return TRANSITIONS.find((row) => row.from === from && row.on === on) ?? null;
}

/** The triggers the state accepts, for error messages. */
export function triggersIn(state: VoiceState): Trigger[] {
  return TRANSITIONS.filter((row) => row.from === state).map((row) => row.on);
}
