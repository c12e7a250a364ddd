import { handle } from "@/lib/http/route";
import { createJournalEntryEndpoint, listJournalEndpoint } from "@/lib/journal/schemas";
import { createJournalEntry, listJournalEntries } from "@/lib/journal/service";

export const POST = handle(createJournalEntryEndpoint, async ({ body, caller }) => createJournalEntry(body, caller));
export const GET = handle(listJournalEndpoint, async ({ query, caller }) => listJournalEntries(query, caller));
