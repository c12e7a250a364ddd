// The voice socket's messages (docs/voice-protocol.md explains each with an example). The
// client sends only `ui_event` messages; the server sends the seven kinds of ServerMessage.
import { z } from "zod";
import { requiredText } from "@/lib/api/text";
import { READ_NAMES, readType } from "@/lib/assessments/types";
import { Hand } from "@/lib/generated/prisma/enums.ts";

export const VOICE_STATES = [
  "IDLE",
  "GREETING",
  "NAVIGATION",
  "CHECK_IN",
  "ASSESSMENT_SETUP",
  "ASSESSMENT_ACTIVE",
  "ASSESSMENT_REVIEW",
  "REFLECTION",
] as const;
export type VoiceState = (typeof VOICE_STATES)[number];

/** Assessment kinds as the read side names them; stored names are accepted too. */
const assessmentType = z.preprocess((value) => (typeof value === "string" ? readType(value) : value), z.enum(READ_NAMES));

export const BUTTONS = ["continue", "check_in", "start_assessment", "skip", "restart"] as const;
export type Button = (typeof BUTTONS)[number];

export const COACHING_HINTS = [
  "HAND_NOT_VISIBLE",
  "POOR_LIGHTING",
  "TOO_FAST",
  "TOO_SLOW",
  "HOLD_STILL",
  "MOVE_CLOSER",
  "MOVE_AWAY",
] as const;
export type CoachingHint = (typeof COACHING_HINTS)[number];

const uiEvent = <E extends string, S extends z.ZodRawShape>(event: E, shape: S) =>
  z.object({ type: z.literal("ui_event"), event: z.literal(event), ...shape });

export const clientMessage = z.discriminatedUnion("event", [
  uiEvent("transcript", {
    text: requiredText("must not be empty").max(4000),
    /** Interim speech-to-text results are echoed but not answered. */
    final: z.boolean().default(true),
  }),
  uiEvent("button", { button: z.enum(BUTTONS) }),
  uiEvent("assessment_selected", { assessmentType }),
  uiEvent("assessment_started", { assessmentType: assessmentType.optional() }),
  uiEvent("assessment_progress", {
    progress: z.number().min(0).max(1).optional(),
    hint: z.enum(COACHING_HINTS).optional(),
  }),
  uiEvent("assessment_completed", {
    assessmentType: assessmentType.optional(),
    overallScore: z.number().min(0).max(100).optional(),
    code: z.string().max(16).optional(),
    assessmentId: z.number().int().positive().optional(),
    hand: z.enum(Hand).optional(),
  }),
  uiEvent("assessment_cancelled", {}),
  uiEvent("settings", { audio: z.boolean() }),
]);
export type ClientMessage = z.output<typeof clientMessage>;
export type ClientEvent = ClientMessage["event"];
export const CLIENT_EVENTS = clientMessage.options.map((option) => option.shape.event.value);

const voiceState = z.enum(VOICE_STATES);
const voiceAssessmentType = z.enum(READ_NAMES);

export const ERROR_CODES = [
  "INVALID_JSON",
  "UNKNOWN_MESSAGE",
  "INVALID_MESSAGE",
  "NOT_ALLOWED_NOW",
  "BUSY",
  "JOURNAL_NOT_SAVED",
  "INTERNAL_ERROR",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An `action` message: something the app should do on screen; `action` names it. */
const actionMessage = <A extends string, S extends z.ZodRawShape>(action: A, shape: S) =>
  z.object({ type: z.literal("action"), action: z.literal(action), ...shape });

/** The server's messages, by `type`. */
export const serverMessages = {
  state_change: z.object({ type: z.literal("state_change"), from: voiceState, to: voiceState, trigger: z.string() }),
  ai_response: z.object({
    type: z.literal("ai_response"),
    id: z.number().int().positive().describe("1, 2, 3 ... per session; audio_chunk.replyId refers to it"),
    state: voiceState,
    text: z.string(),
    source: z.enum(["ai", "script"]),
  }),
  audio_chunk: z.object({
    type: z.literal("audio_chunk"),
    replyId: z.number().int().positive().describe("The ai_response.id"),
    index: z.number().int().min(0),
    final: z.boolean().describe("true on the reply's last chunk"),
    mimeType: z.string().describe("With the sample rate: audio/wav;rate=22050, audio/wav;rate=24000, audio/pcm;rate=24000 (16-bit mono)"),
    audio: z.base64().describe("At most 48 KiB of audio per chunk; the chunks of one reply, in index order, make the whole file"),
  }),
  transcript: z.object({ type: z.literal("transcript"), role: z.literal("user"), text: z.string(), final: z.boolean() }),
  action: z.discriminatedUnion("action", [
    actionMessage("show_menu", { options: z.array(z.enum(BUTTONS)) }),
    actionMessage("show_assessment_options", { options: z.array(voiceAssessmentType) }),
    actionMessage("prepare_assessment", { assessmentType: voiceAssessmentType }),
    actionMessage("start_assessment", { assessmentType: voiceAssessmentType }),
    actionMessage("show_results", {
      assessmentType: voiceAssessmentType.nullable(),
      code: z.string().nullable(),
      overallScore: z.number().min(0).max(100).nullable(),
    }),
    actionMessage("journal_saved", { entryType: z.enum(["AD_HOC_CHECK_IN", "POST_ASSESSMENT"]), entryId: z.number().int().positive() }),
  ]),
  coaching: z.object({
    type: z.literal("coaching"),
    text: z.string(),
    hint: z.enum(COACHING_HINTS).nullable(),
    progress: z.number().min(0).max(1).nullable(),
  }),
  error: z.object({
    type: z.literal("error"),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    field: z.string().optional().describe("INVALID_MESSAGE only: the offending field"),
    state: voiceState.optional().describe("NOT_ALLOWED_NOW only: the current state"),
  }),
};
export type ServerMessage = z.output<(typeof serverMessages)[keyof typeof serverMessages]>;
/** An action without its message's `type`, as the session builds it. */
export type Action = ServerMessage extends infer M ? (M extends { type: "action" } ? Omit<M, "type"> : never) : never;
