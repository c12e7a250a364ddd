import { handle } from "@/lib/api/route";
import { createJournalEntryEndpoint, listJournalEndpoint } from "@/lib/journal/schemas";
import { createJournalEntry, listJournalEntries } from "@/lib/journal/service";

export const POST = handle(createJournalEntryEndpoint, async ({ body, user }) => createJournalEntry(body, user));
export const GET = handle(listJournalEndpoint, async ({ query, user }) => listJournalEntries(query, user));
