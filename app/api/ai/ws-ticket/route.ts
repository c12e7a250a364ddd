import { handle } from "@/lib/http/route";
import { voiceTicketEndpoint } from "@/lib/speech/schemas";
import { issueVoiceTicket } from "@/lib/voice/tickets";

export const POST = handle(voiceTicketEndpoint, ({ user }) => issueVoiceTicket(user));
