// Lookup by sharing code: the public view (counting views), claiming an anonymous record,
// e-mailing a code, and bare records. Counters and ownership changes are single statements,
// so concurrent requests neither lose views nor claim a record twice.
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { readType, scoreDay, scoreValuesFor, storedType, type Snapshot } from "@/lib/assessments/read";
import { createRecord } from "@/lib/assessments/submit";
import type { AuthUser } from "@/lib/auth/guard";
import { formatCode } from "@/lib/codes";
import { db, withConnection } from "@/lib/db";
import { env } from "@/lib/env";
import type { Hand } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/log";
import { MailError, sendMail } from "@/lib/mail";
import type { anonymousBody, emailBody } from "@/lib/lookup/schemas";

/** A missing and an expired code answer the same, so a response never says which. */
export const NOT_FOUND_MESSAGE = "No assessment with this code (it may have expired)";
export const notFoundCode = () => new ApiError(404, NOT_FOUND_MESSAGE);

/** SQL condition: the record is still reachable (owned, or anonymous within its lifetime). */
export const LIVE = `(expires_at IS NULL OR expires_at > now())`;

interface LookupRow {
  code: string;
  assessment_type: string;
  hand: Hand | null;
  date_created: Date | string;
  result_snapshot: Snapshot | string;
  is_anonymous: boolean;
  view_count: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const asObject = (value: Snapshot | string | null): Snapshot => (typeof value === "string" ? JSON.parse(value) : (value ?? {}));

/** Public view of a live record; the view count goes up by one in the same statement. */
export async function lookupByCode(code: string) {
  const [row] = await withConnection((sql) =>
    sql.query<LookupRow>(
      `UPDATE assessments SET view_count = view_count + 1
        WHERE code = $1 AND ${LIVE}
        RETURNING code, assessment_type, hand, date_created, result_snapshot, is_anonymous, view_count`,
      [code],
    ),
  );
  if (!row) throw notFoundCode();
  return {
    code: row.code,
    formattedCode: formatCode(row.code),
    assessmentType: readType(row.assessment_type),
    hand: row.hand,
    dateCreated: iso(row.date_created),
    resultSnapshot: asObject(row.result_snapshot),
    isAnonymous: row.is_anonymous,
    viewCount: Number(row.view_count),
  };
}

const claimedRow = z.object({
  id: z.number(),
  assessment_type: z.string(),
  hand: z.string().nullable(),
  date_created: z.union([z.date(), z.string()]),
  result_snapshot: z.unknown(),
  previous_owner: z.number(),
});

/**
 * Moves an anonymous, unexpired record to the caller. The UPDATE's WHERE is the whole
 * decision: of concurrent claims, one changes the row and the others find it no longer
 * anonymous (404). The record's score point and the emptied anonymous contact follow in the
 * same transaction.
 */
export async function claimByCode(code: string, user: AuthUser) {
  await db().$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<unknown[]>(
      `UPDATE assessments AS a
          SET owner_id = $2, is_anonymous = false, expires_at = NULL, claimed_at = now()
         FROM assessments AS before
        WHERE a.id = before.id AND a.code = $1 AND a.is_anonymous AND (a.expires_at IS NULL OR a.expires_at > now())
        RETURNING a.id, a.assessment_type::text AS assessment_type, a.hand::text AS hand, a.date_created, a.result_snapshot,
                  before.owner_id AS previous_owner`,
      code,
      user.contactId,
    );
    if (rows.length === 0) throw notFoundCode();
    const row = claimedRow.parse(rows[0]);
    const score = scoreValuesFor(row.assessment_type, asObject(row.result_snapshot as Snapshot));
    if (score) {
      await tx.scorePoint.upsert({
        where: { assessmentId: row.id },
        create: {
          assessmentId: row.id,
          contactId: user.contactId,
          day: scoreDay(new Date(row.date_created)),
          hand: row.hand as Hand | null,
          ...score,
        },
        update: { contactId: user.contactId },
      });
    }
    await tx.contact.deleteMany({ where: { id: row.previous_owner, kind: "ANONYMOUS", assessments: { none: {} } } });
  });
  return { message: "Assessment claimed: it is now linked to your account and no longer expires", code: formatCode(code) };
}

/** Stores the address on a live record, then e-mails the code with a link to its result page. */
export async function emailCode(code: string, input: z.output<typeof emailBody>) {
  const [row] = await withConnection((sql) =>
    sql.query<{ assessment_type: string }>(
      `UPDATE assessments SET email = $2 WHERE code = $1 AND ${LIVE} RETURNING assessment_type`,
      [code, input.email],
    ),
  );
  if (!row) throw notFoundCode();
  const formatted = formatCode(code);
  const link = new URL(`/a/${formatted}`, env().FRONTEND_URL).toString();
  const kind = { ROM: "range-of-motion", DEXTERITY: "dexterity", PAIN: "pain", ARTHRITIS: "arthritis", THUMB: "thumb" }[readType(row.assessment_type)];
  const text = [
    `Your ${kind} assessment code is ${formatted}.`,
    "",
    `See your result: ${link}`,
    "",
    "Keep this code: anyone who has it can read the result. Sign in and claim it to keep it beyond 90 days.",
    "This result is not a medical diagnosis.",
  ].join("\n");
  try {
    const result = await sendMail({ to: input.email, subject: `Your hand assessment code: ${formatted}`, text }, "assessment-code");
    return {
      success: true,
      sent: result.sent,
      message: result.sent ? "The code was e-mailed" : "The address was saved; e-mail is not configured, so nothing was sent",
      code: formatted,
    };
  } catch (error) {
    if (error instanceof MailError) throw new ApiError(500, "The e-mail could not be sent; the address was saved, try again later");
    throw error;
  }
}

/** A bare record: type, hand and snapshot as given; anonymous unless a caller is present. */
export async function createBareRecord(input: z.output<typeof anonymousBody>, user: AuthUser | null) {
  const created = await createRecord(
    {
      type: storedType(input.assessmentType),
      hand: input.hand ?? null,
      snapshot: input.resultSnapshot ?? {},
      email: input.email ?? null,
    },
    user,
  );
  logger.debug({ owned: Boolean(user) }, "bare record created");
  return {
    code: created.code,
    formattedCode: created.formattedCode,
    message: user ? "Record created and linked to your account" : "Anonymous record created; it expires in 90 days unless claimed",
  };
}
