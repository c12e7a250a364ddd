// The patient journal. Behind a token by default (JOURNAL_AUTH=required): whoever the access rule
// lets at the patient (lib/access) reads and writes it, and every read or write by someone other
// than the patient is in the audit trail. JOURNAL_AUTH=none keeps the spec's open journal (the
// caller is then null and the audit rows say "anonymous").
import type { z } from "zod";
import { openPatient, type PatientAction, type PatientHandle } from "@/lib/access";
import { badRequest, notFound } from "@/lib/api/errors";
import { actorRole, type AccessContext } from "@/lib/audit";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { JournalEntry } from "@/lib/generated/prisma/client.ts";
import type { journalEntryInput, journalListQuery } from "@/lib/journal/schemas";
import type { patientJournalQuery } from "@/lib/patients/schemas";

/** Roles whose entries are marked as written by staff, not by the patient. */
const STAFF_ROLES = new Set(["care_provider", "admin"]);

/** Whether staff wrote the entry (entries from before authors were recorded: no). */
export const writtenByStaff = (row: Pick<JournalEntry, "authorRole">) => row.authorRole !== null && STAFF_ROLES.has(row.authorRole);

function toEntry(row: JournalEntry) {
  return {
    id: row.id,
    patientId: row.patientId,
    entryType: row.entryType,
    transcript: row.transcript,
    affectedHand: row.affectedHand,
    painRating: row.painRating,
    functionRating: row.functionRating,
    aiSummary: row.aiSummary,
    romAssessmentId: row.romAssessmentId,
    dexterityAssessmentId: row.dexterityAssessmentId,
    painScaleAssessmentId: row.painScaleAssessmentId,
    orchestratorSessionId: row.orchestratorSessionId,
    author: { contactId: row.authorContactId, role: row.authorRole, staff: writtenByStaff(row) },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The journal's door through the access rule: JOURNAL_AUTH=none lets an anonymous caller in (audited). */
function openJournal(caller: AccessContext, patientId: number, action: PatientAction, notFoundMessage?: string): Promise<PatientHandle> {
  return openPatient(caller, patientId, action, { anonymousAllowed: env().JOURNAL_AUTH === "none", notFoundMessage });
}

/** The fields that link an entry to one of the patient's assessments. */
const LINKS = ["romAssessmentId", "dexterityAssessmentId", "painScaleAssessmentId"] as const;

/**
 * Each link names one of this patient's own assessments: an entry must not point at another
 * patient's record, nor at nothing. One answer whether the id is unknown or someone else's.
 */
async function checkLinks(input: z.output<typeof journalEntryInput>, { patientId }: PatientHandle): Promise<void> {
  const linked = LINKS.flatMap((field) => (input[field] == null ? [] : [{ field, id: input[field] }]));
  if (linked.length === 0) return;
  const own = await db().assessment.findMany({
    where: { id: { in: linked.map((link) => link.id) }, ownerId: patientId },
    select: { id: true },
  });
  const ids = new Set(own.map((a) => a.id));
  const wrong = linked.find((link) => !ids.has(link.id));
  if (wrong) throw badRequest("must be the id of one of this patient's own assessments", wrong.field);
}

export async function createJournalEntry(input: z.output<typeof journalEntryInput>, caller: AccessContext) {
  const patient = await openJournal(caller, input.patientId, "journal_write");
  await checkLinks(input, patient);
  const row = await db().journalEntry.create({
    data: { ...input, patientId: patient.patientId, authorContactId: caller.user?.contactId ?? null, authorRole: actorRole(caller.user) },
  });
  return toEntry(row);
}

export async function listJournalEntries(query: z.output<typeof journalListQuery>, caller: AccessContext) {
  if (query.patientId === undefined) return { entries: [], total: 0 };
  const patient = await openJournal(caller, query.patientId, "journal_list");
  const where = { patientId: patient.patientId, ...(query.entryType ? { entryType: query.entryType } : {}) };
  const [rows, total] = await Promise.all([
    db().journalEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    db().journalEntry.count({ where }),
  ]);
  return { entries: rows.map(toEntry), total };
}

/** One entry by id: an entry of a patient the caller may not read is as missing as an unknown id. */
export async function getJournalEntry(id: number, caller: AccessContext) {
  const NOT_FOUND = "Journal entry not found";
  const owner = await db().journalEntry.findUnique({ where: { id }, select: { patientId: true } });
  if (!owner) throw notFound(NOT_FOUND);
  const patient = await openJournal(caller, owner.patientId, "journal_entry_read", NOT_FOUND);
  const row = await db().journalEntry.findFirst({ where: { id, patientId: patient.patientId } });
  if (!row) throw notFound(NOT_FOUND);
  return toEntry(row);
}

const SUMMARY_LENGTH = 160;

/** The stored summary, else the transcript's start cut at a word boundary. */
export function entrySummary(entry: Pick<JournalEntry, "aiSummary" | "transcript">): string {
  if (entry.aiSummary) return entry.aiSummary;
  const text = entry.transcript.replace(/\s+/g, " ").trim();
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : SUMMARY_LENGTH).trimEnd()}…`;
}

/** GET /patients/:id/journal: summary rows. */
export async function patientJournal(caller: AccessContext, id: number, query: z.output<typeof patientJournalQuery>) {
  const { patientId } = await openPatient(caller, id, "read_journal");
  const [rows, total] = await Promise.all([
    db().journalEntry.findMany({
      where: { patientId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit,
      skip: query.offset,
    }),
    db().journalEntry.count({ where: { patientId } }),
  ]);
  return {
    journal: rows.map((row) => ({
      id: row.id,
      date: row.createdAt.toISOString(),
      type: row.entryType,
      hand: row.affectedHand,
      pain: row.painRating,
      function: row.functionRating,
      summary: entrySummary(row),
      writtenByStaff: writtenByStaff(row),
    })),
    total,
  };
}
