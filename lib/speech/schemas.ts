import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";

export const TTS_MAX_CHARS = 2000;

export const ttsInput = z.object({
  text: z
    .string()
    .min(1, "must not be empty")
    .max(TTS_MAX_CHARS, `must be at most ${TTS_MAX_CHARS} characters`)
    .regex(/\S/, "must not be empty")
    .describe("What to say, 1-2000 characters"),
});

export const ttsResponse = z.object({
  audio: z.base64().describe("The audio, base64-encoded"),
  mimeType: z.string().describe("Audio type with its sample rate: audio/wav;rate=22050 or audio/pcm;rate=24000 (16-bit mono)"),
});

export const ttsEndpoint = endpoint({
  method: "POST",
  path: "/ai/tts",
  operationId: "synthesizeSpeech",
  requestExample: { text: "Your wrist extension improved by five degrees since last week." },
  summary: "Speak a text: the model's speech endpoint when configured, else local espeak-ng",
  tag: "Speech and voice",
  auth: "none",
  body: ttsInput,
  limits: ["ai"],
  responses: [
    { status: 200, description: "The spoken text", schema: ttsResponse },
    { status: 204, description: "No speech backend is configured: no audio" },
    { status: 400, description: "text missing, empty or longer than 2000 characters" },
    { status: 500, description: "Every configured speech backend failed" },
    { status: 503, description: "Local synthesis is busy (SPEECH_QUEUE_MAX requests already wait): retry after Retry-After seconds" },
  ],
});

export const voiceTicketResponse = z.object({
  ticket: z.string().describe("Opens one voice socket as the caller: GET /api/ai/ws?ticket=<ticket>"),
  expiresAt: z.iso.datetime().describe("The ticket is refused after this time (VOICE_TICKET_SECONDS after issue, default 60 s)"),
});

export const voiceTicketEndpoint = endpoint({
  method: "POST",
  path: "/ai/ws-ticket",
  operationId: "issueVoiceTicket",
  summary: "A single-use, short-lived ticket that opens the voice socket as the caller, so that no token goes in the socket's URL",
  tag: "Speech and voice",
  auth: "required",
  limits: ["ai"],
  responses: [
    { status: 200, description: "The ticket; it works once, until expiresAt", schema: voiceTicketResponse },
    { status: 401, description: "No valid token" },
  ],
});
