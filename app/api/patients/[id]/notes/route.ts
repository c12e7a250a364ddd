import { handle } from "@/lib/http/route";
import { createNoteEndpoint, listNotesEndpoint } from "@/lib/notes/schemas";
import { createNote, patientNotes } from "@/lib/notes/service";

export const POST = handle(createNoteEndpoint, async ({ caller, params, body }) => createNote(caller, params.id, body));
export const GET = handle(listNotesEndpoint, async ({ caller, params, query }) => patientNotes(caller, params.id, query));
