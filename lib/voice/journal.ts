// Journal entries from the voice session: the check-in answer (AD_HOC_CHECK_IN) and the
// reflection after an assessment (POST_ASSESSMENT), for signed-in callers only.
import { actorRole } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { db } from "@/lib/db";
import type { AssessmentType, Hand, JournalEntryType } from "@/lib/generated/prisma/enums.ts";

export interface VoiceJournalEntry {
  entryType: Extract<JournalEntryType, "AD_HOC_CHECK_IN" | "POST_ASSESSMENT">;
  transcript: string;
  sessionId: string;
  affectedHand?: Hand;
  /** The assessment the reflection is about, as the client reported it (linked only when it is the caller's). */
  assessmentId?: number;
}

/** Which journal column links an assessment of a stored type; the types the journal has no column for are left out. */
const LINK_COLUMN: Partial<Record<AssessmentType, "romAssessmentId" | "dexterityAssessmentId" | "painScaleAssessmentId">> = {
  ROM: "romAssessmentId",
  THUMB_MOVEMENTS: "romAssessmentId",
  FINGER_TAPPING: "dexterityAssessmentId",
  PAIN: "painScaleAssessmentId",
};

async function assessmentLink(user: AuthUser, assessmentId: number | undefined) {
  if (assessmentId === undefined) return {};
  const assessment = await db().assessment.findFirst({
    where: { id: assessmentId, ownerId: user.contactId },
    select: { id: true, assessmentType: true },
  });
  const column = assessment ? LINK_COLUMN[assessment.assessmentType] : undefined;
  return column ? { [column]: assessment!.id } : {};
}

/** Stores the entry; returns its id. */
export async function saveVoiceJournalEntry(user: AuthUser, entry: VoiceJournalEntry): Promise<number> {
  const row = await db().journalEntry.create({
    data: {
      patientId: user.contactId,
      entryType: entry.entryType,
      transcript: entry.transcript,
      affectedHand: entry.affectedHand ?? null,
      orchestratorSessionId: entry.sessionId,
      authorContactId: user.contactId,
      authorRole: actorRole(user),
      ...(await assessmentLink(user, entry.assessmentId)),
    },
    select: { id: true },
  });
  return row.id;
}
