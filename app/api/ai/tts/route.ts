import { handle, Reply } from "@/lib/http/route";
import { ttsEndpoint } from "@/lib/speech/schemas";
import { textToSpeech } from "@/lib/speech/tts";

export const POST = handle(ttsEndpoint, async ({ body }) => (await textToSpeech(body)) ?? new Reply(204, undefined));
