import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import type { ttsInput } from "@/lib/speech/schemas";
import { SpeechBusyError, SpeechError, synthesize } from "@/lib/speech";

/** POST /ai/tts: base64 audio with its MIME type, or null (204) when nothing can speak. */
export async function textToSpeech({ text }: z.output<typeof ttsInput>): Promise<{ audio: string; mimeType: string } | null> {
  try {
    const spoken = await synthesize(text);
    return spoken && { audio: spoken.audio.toString("base64"), mimeType: spoken.mimeType };
  } catch (error) {
    if (error instanceof SpeechError) throw new ApiError(500, error.message);
    if (error instanceof SpeechBusyError) throw new ApiError(503, error.message, { code: "SPEECH_BUSY", headers: { "retry-after": "2" } });
    throw error;
  }
}
