// Speech synthesis, shared by POST /api/ai/tts and the voice socket. Backends, first that is
// configured: the model's OpenAI-compatible /audio/speech (WAV or PCM), else the local
// espeak-ng program, else none. A configured backend that fails hands over to the next one;
// only when every configured backend failed is it a SpeechError.
import { espeak, espeakProgram, SpeechBusyError } from "@/lib/speech/espeak";
import { readWav, withExactSizes } from "@/lib/speech/wav";
import { llmConfigured, speech } from "@/lib/llm";
import { logger } from "@/lib/log";

export interface SpokenAudio {
  audio: Buffer;
  /** The MIME type with the sample rate, e.g. audio/wav;rate=22050 or audio/pcm;rate=24000. */
  mimeType: string;
  backend: "model" | "espeak";
}

export { SpeechBusyError };

export class SpeechError extends Error {
  constructor() {
    super("Speech synthesis failed");
    this.name = "SpeechError";
  }
}

/** OpenAI's raw PCM format: 16-bit signed little-endian mono at 24 kHz. */
const MODEL_PCM_RATE = 24_000;

function asWav(audio: Buffer, backend: SpokenAudio["backend"]): SpokenAudio | null {
  const info = readWav(audio);
  if (!info || audio.length <= info.dataOffset) return null;
  return { audio: withExactSizes(audio), mimeType: `audio/wav;rate=${info.sampleRate}`, backend };
}

function fromModel(audio: Buffer, contentType: string): SpokenAudio | null {
  if (audio.length === 0) return null;
  const wav = asWav(audio, "model");
  if (wav) return wav;
  const type = contentType.toLowerCase();
  if (type === "" || /^(audio\/(pcm|l16)|application\/octet-stream)\b/.test(type)) {
    const rate = Number(/rate=(\d+)/.exec(type)?.[1] ?? MODEL_PCM_RATE);
    return { audio, mimeType: `audio/pcm;rate=${rate}`, backend: "model" };
  }
  return null;
}

/** Which backend would speak now, or null when none is configured. */
export function speechBackend(): SpokenAudio["backend"] | null {
  if (llmConfigured()) return "model";
  return espeakProgram() ? "espeak" : null;
}

/** The text as audio; null when no backend is configured; SpeechError when all configured ones failed. */
export async function synthesize(text: string): Promise<SpokenAudio | null> {
  let attempted = false;
  if (llmConfigured()) {
    attempted = true;
    const spoken = await speech(text, { format: "wav" });
    const result = spoken && fromModel(spoken.audio, spoken.contentType);
    if (result) return result;
    if (spoken) logger.warn({ bytes: spoken.audio.length }, "speech endpoint answered audio in an unusable format");
  }
  const program = espeakProgram();
  if (program) {
    attempted = true;
    try {
      const result = asWav(await espeak(program, text), "espeak");
      if (result) return result;
      logger.warn("espeak-ng produced no usable WAV");
    } catch (error) {
      // A full queue is not a failure of the program: the caller says "busy" (503), not "failed".
      if (error instanceof SpeechBusyError) throw error;
      logger.warn({ err: (error as Error).name }, "espeak-ng failed");
    }
  }
  if (attempted) throw new SpeechError();
  return null;
}
