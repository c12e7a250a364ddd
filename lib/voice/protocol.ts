// The voice socket's messages (docs/voice-protocol.md explains each with an example). The
// client sends only `ui_event` messages; the server sends the seven kinds of ServerMessage.
import { z } from "zod";
import { READ_NAMES, readType, type ReadAssessmentType } from "@/lib/assessments/types";
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

export const COACHING_HINTS = ["HAND_NOT_VISIBLE", "POOR_LIGHTING", "TOO_FAST", "TOO_SLOW", "HOLD_STILL", "MOVE_CLOSER", "MOVE_AWAY"] as const;
export type CoachingHint = (typeof COACHING_HINTS)[number];

const uiEvent = <E extends string, S extends z.ZodRawShape>(event: E, shape: S) =>
  z.object({ type: z.literal("ui_event"), event: z.literal(event), ...shape });

export const clientMessage = z.discriminatedUnion("event", [
  uiEvent("transcript", {
    text: z.string().trim().min(1, "must not be empty").max(4000),
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

export type ErrorCode = "INVALID_JSON" | "UNKNOWN_MESSAGE" | "INVALID_MESSAGE" | "NOT_ALLOWED_NOW" | "BUSY" | "JOURNAL_NOT_SAVED" | "INTERNAL_ERROR";

export type Action =
  | { action: "show_menu"; options: Button[] }
  | { action: "show_assessment_options"; options: ReadAssessmentType[] }
  | { action: "prepare_assessment"; assessmentType: ReadAssessmentType }
  | { action: "start_assessment"; assessmentType: ReadAssessmentType }
  | { action: "show_results"; assessmentType: ReadAssessmentType | null; code: string | null; overallScore: number | null }
  | { action: "journal_saved"; entryType: "AD_HOC_CHECK_IN" | "POST_ASSESSMENT"; entryId: number };

export type ServerMessage =
  | { type: "state_change"; from: VoiceState; to: VoiceState; trigger: string }
  | { type: "ai_response"; id: number; state: VoiceState; text: string; source: "ai" | "script" }
  | { type: "audio_chunk"; replyId: number; index: number; final: boolean; mimeType: string; audio: string }
  | { type: "transcript"; role: "user"; text: string; final: boolean }
  | ({ type: "action" } & Action)
  | { type: "coaching"; text: string; hint: CoachingHint | null; progress: number | null }
  | { type: "error"; code: ErrorCode; message: string; field?: string; state?: VoiceState };
