// Clinician notes: written by a clinician of the patient's care team (lib/access openAsCareTeam),
// signed with the author's contact and the clinic whose share let them in, and never changed (the
// database refuses edits; a correction is a new note naming the one it corrects). Whoever reads
// the patient reads the notes, the patient included; every write and read by someone else is in
// the patient's access log.
import { openAsCareTeam, openPatient, type PatientHandle } from "@/lib/access";
import { badRequest } from "@/lib/api/errors";
import type { AccessContext } from "@/lib/audit";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import type { ClinicianNoteView, NoteInput } from "@/lib/notes/schemas";

const NOTE_SELECT = {
  id: true,
  patientId: true,
  text: true,
  assessmentId: true,
  correctsId: true,
  authorContactId: true,
  createdAt: true,
  clinic: { select: { id: true, name: true } },
  correctedBy: { select: { id: true }, orderBy: { id: "asc" } },
} satisfies Prisma.ClinicianNoteSelect;

type NoteRow = Prisma.ClinicianNoteGetPayload<{ select: typeof NOTE_SELECT }>;

/** The notes with their authors' names, read from the authors' contacts (never a bare subject). */
async function signed(rows: NoteRow[]): Promise<ClinicianNoteView[]> {
  const authors = await db().contact.findMany({
    where: { id: { in: [...new Set(rows.map((row) => row.authorContactId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(authors.map((author) => [author.id, author.name]));
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patientId,
    text: row.text,
    assessmentId: row.assessmentId,
    corrects: row.correctsId,
    correctedBy: row.correctedBy.map((note) => note.id),
    author: { name: names.get(row.authorContactId) ?? null, clinic: row.clinic },
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * A patient's notes, newest first: for surfaces that already opened the patient through lib/access
 * (the history PDF, the CSV), which audit their own read.
 */
export async function listNotes(patient: PatientHandle, page: { limit?: number; offset?: number } = {}) {
  const where = { patientId: patient.patientId };
  const [rows, total] = await Promise.all([
    db().clinicianNote.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: page.limit,
      skip: page.offset,
      select: NOTE_SELECT,
    }),
    db().clinicianNote.count({ where }),
  ]);
  return { notes: await signed(rows), total };
}

/** A reference to another record must name this patient's own: one answer whether the id is unknown or someone else's. */
async function checkReferences(input: NoteInput, patientId: number): Promise<void> {
  if (input.assessmentId !== undefined) {
    const own = await db().assessment.count({ where: { id: input.assessmentId, ownerId: patientId } });
    if (!own) throw badRequest("must be the id of one of this patient's results", "assessmentId");
  }
  if (input.corrects !== undefined) {
    const own = await db().clinicianNote.count({ where: { id: input.corrects, patientId } });
    if (!own) throw badRequest("must be the id of a note of this patient", "corrects");
  }
}

export async function createNote(caller: AccessContext, patientId: number, input: NoteInput): Promise<ClinicianNoteView> {
  const patient = await openAsCareTeam(caller, patientId, "note_written");
  await checkReferences(input, patient.patientId);
  const row = await db().clinicianNote.create({
    data: {
      patientId: patient.patientId,
      authorContactId: caller.user!.contactId,
      authorSub: caller.user!.sub,
      clinicId: patient.clinicId,
      assessmentId: input.assessmentId ?? null,
      correctsId: input.corrects ?? null,
      text: input.text,
    },
    select: NOTE_SELECT,
  });
  return (await signed([row]))[0]!;
}

export async function patientNotes(caller: AccessContext, patientId: number, page: { limit: number; offset: number }) {
  return listNotes(await openPatient(caller, patientId, "read_notes"), page);
}
