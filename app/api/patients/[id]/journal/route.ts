import { handle } from "@/lib/http/route";
import { patientJournal } from "@/lib/journal/service";
import { patientJournalEndpoint } from "@/lib/patients/schemas";

export const GET = handle(patientJournalEndpoint, async ({ user, params, query }) => patientJournal(user, params.id, query), {
  audit: { action: "read_journal", patient: "params.id" },
});
