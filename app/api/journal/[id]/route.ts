import { handle } from "@/lib/http/route";
import { journalEntryEndpoint } from "@/lib/journal/schemas";
import { getJournalEntry } from "@/lib/journal/service";

export const GET = handle(journalEntryEndpoint, async ({ params, caller }) => getJournalEntry(params.id, caller));
