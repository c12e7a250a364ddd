import { handle } from "@/lib/http/route";
import { patientJournal } from "@/lib/journal/service";
import { patientJournalEndpoint } from "@/lib/patients/schemas";

export const GET = handle(patientJournalEndpoint, async ({ caller, params, query }) => patientJournal(caller, params.id, query));
