// The patient journal. Behind a token by default (JOURNAL_AUTH=required): a patient reads and
// writes their own journal, care providers and admins any, and every read or write by someone
// other than the patient is in the audit trail. JOURNAL_AUTH=none keeps the spec's open journal
// (the caller is then null and the audit rows say "anonymous").
import type { z } from "zod";
import { badRequest, notFound } from "@/lib/api/errors";
import { actorRole, recordAccess, type AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { db } from "@/lib/db";
import type { JournalEntry } from "@/lib/generated/prisma/client.ts";
import type { journalEntryInput, journalListQuery } from "@/lib/journal/schemas";
import { assertMayRead, assertMayReadPatient } from "@/lib/patients/access";
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

export async function createJournalEntry(input: z.output<typeof journalEntryInput>, caller: AccessContext) {
  if (caller.user) assertMayRead(caller.user, input.patientId);
  const patient = await db().contact.findUnique({ where: { id: input.patientId }, select: { kind: true } });
  if (patient?.kind !== "PATIENT") throw badRequest("patientId: no patient with this id", "patientId");
  const row = await db().journalEntry.create({
    data: { ...input, authorContactId: caller.user?.contactId ?? null, authorRole: actorRole(caller.user) },
  });
  await recordAccess(caller, input.patientId, "journal_write");
  return toEntry(row);
}

export async function listJournalEntries(query: z.output<typeof journalListQuery>, caller: AccessContext) {
  if (query.patientId === undefined) return { entries: [], total: 0 };
  if (caller.user) assertMayRead(caller.user, query.patientId);
  const where = { patientId: query.patientId, ...(query.entryType ? { entryType: query.entryType } : {}) };
  const [rows, total] = await Promise.all([
    db().journalEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    db().journalEntry.count({ where }),
  ]);
  await recordAccess(caller, query.patientId, "journal_list");
  return { entries: rows.map(toEntry), total };
}

export async function getJournalEntry(id: number, caller: AccessContext) {
  const row = await db().journalEntry.findUnique({ where: { id } });
  if (!row) throw notFound("Journal entry not found");
  if (caller.user) assertMayRead(caller.user, row.patientId);
  await recordAccess(caller, row.patientId, "journal_entry_read");
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
export async function patientJournal(user: AuthUser, patientId: number, query: z.output<typeof patientJournalQuery>) {
  await assertMayReadPatient(user, patientId);
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
