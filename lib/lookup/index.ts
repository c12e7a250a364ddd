// Lookup by sharing code: the public view (counting views), claiming an anonymous record,
// e-mailing a code, and bare records. Counters and ownership changes are single statements,
// so concurrent requests neither lose views nor claim a record twice.
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { liveSql } from "@/lib/assessments/live";
import { scoreDay, scoreValuesFor, type Snapshot } from "@/lib/assessments/read";
import { readType, storedType } from "@/lib/assessments/types";
import { createRecord } from "@/lib/assessments/submit";
import { auditOwnAction, auditShown } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { formatCode, notFoundCode } from "@/lib/codes";
import { db, query } from "@/lib/db";
import { env } from "@/lib/env";
import type { Hand } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/log";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { MailError, sendMail } from "@/lib/mail";
import { countMail } from "@/lib/rate-limit";
import type { anonymousBody, emailBody } from "@/lib/lookup/schemas";
import type { JointResult } from "@/lib/report-view/schemas";

interface LookupRow {
  code: string;
  assessment_type: string;
  hand: Hand | null;
  date_created: Date | string;
  result_snapshot: Snapshot | string;
  is_anonymous: boolean;
  is_sample: boolean;
  expires_at: Date | string | null;
  view_count: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const asObject = (value: Snapshot | string | null): Snapshot => (typeof value === "string" ? JSON.parse(value) : (value ?? {}));

/**
 * A lookup's one statement, prepared once per connection: counts the view, reads the record and
 * names its owner, and, for a range-of-motion record, its finger joints hand by hand in measured
 * order (the report view's joint results), so that a lookup is one round trip.
 */
const LOOKUP_SQL = `WITH hit AS (
   UPDATE assessments SET view_count = view_count + 1
    WHERE code = $1 AND ${liveSql()}
    RETURNING id, code, assessment_type, hand, date_created, result_snapshot, is_anonymous, is_sample, expires_at, view_count, owner_id
 )
 SELECT hit.*, c.kind = 'PATIENT' AS owner_is_patient,
        CASE WHEN hit.assessment_type = 'ROM' THEN (
          SELECT json_agg(json_build_object(
                   'hand', h.hand, 'finger', j.finger, 'jointType', j.joint_type, 'minAngle', j.min_angle,
                   'maxAngle', j.max_angle, 'rom', j.rom,
                   'normalRange', CASE WHEN j.normal_range_min IS NOT NULL AND j.normal_range_max IS NOT NULL
                                       THEN json_build_array(j.normal_range_min, j.normal_range_max) END)
                 ORDER BY h.id, j.position)
            FROM rom_assessments r
            JOIN rom_hand_results h ON h.rom_assessment_id = r.id
            JOIN rom_joint_results j ON j.hand_result_id = h.id
           WHERE r.assessment_id = hit.id)
        END AS joints
   FROM hit JOIN contacts c ON c.id = hit.owner_id`;

/** Public view of a live record. A view of a patient's record by anyone else is audited (lib/access). */
export async function lookupByCode(code: string, caller: AccessContext) {
  // Both drivers parse a json column; json_agg of no joints is null.
  const [row] = await query<LookupRow & { id: number; owner_id: number; owner_is_patient: boolean; joints: JointResult[] | null }>(
    LOOKUP_SQL,
    [code],
    "lookup_by_code",
  );
  if (row && !row.is_anonymous && row.owner_is_patient) await auditShown(caller, [row.owner_id], "lookup");
  if (!row) throw notFoundCode();
  return {
    code: row.code,
    formattedCode: formatCode(row.code),
    assessmentType: readType(row.assessment_type),
    hand: row.hand,
    dateCreated: iso(row.date_created),
    resultSnapshot: asObject(row.result_snapshot),
    isAnonymous: row.is_anonymous,
    isSample: row.is_sample,
    expiresAt: row.expires_at === null ? null : iso(row.expires_at),
    viewCount: Number(row.view_count),
    results: { joints: row.joints ?? [] },
  };
}

/** What a code names, without counting a view: a live assessment first, else a report. */
export async function codeKind(code: string) {
  const [row] = await query<{ kind: "assessment" | "report" }>(
    `SELECT 'assessment' AS kind FROM assessments WHERE code = $1 AND ${liveSql()}
     UNION ALL SELECT 'report' FROM reports WHERE code = $1
     LIMIT 1`,
    [code],
  );
  if (!row) throw new ApiError(404, "No assessment or report with this code (it may have expired)");
  return { kind: row.kind, code, formattedCode: formatCode(code), path: `/${row.kind === "assessment" ? "a" : "r"}/${code}` };
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
export async function claimByCode(code: string, caller: AccessContext & { user: AuthUser }) {
  const { user } = caller;
  await db().$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<unknown[]>(
      `UPDATE assessments AS a
          SET owner_id = $2, is_anonymous = false, expires_at = NULL, claimed_at = now()
         FROM assessments AS before
        WHERE a.id = before.id AND a.code = $1 AND a.is_anonymous AND NOT a.is_sample AND ${liveSql("a")}
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
  await auditOwnAction(caller, "claim");
  return { message: "Assessment claimed: it is now linked to your account and no longer expires", code: formatCode(code) };
}

/**
 * E-mails the code with a link to its result page. The address is stored only on an anonymous
 * record (so that it can be claimed later), and only the first one given: nobody can attach
 * their address to a patient's record, nor replace the address already on an anonymous one.
 */
export async function emailCode(code: string, input: z.output<typeof emailBody>, caller: AccessContext, locale: Locale = DEFAULT_LOCALE) {
  const [row] = await query<{ assessment_type: string; is_anonymous: boolean }>(
    `SELECT assessment_type, is_anonymous FROM assessments WHERE code = $1 AND ${liveSql()}`,
    [code],
  );
  if (!row) throw notFoundCode();
  await countMail(caller.limits.key, input.email);
  if (row.is_anonymous) {
    // The first address stays: whoever else holds the code must not redirect the record's mail.
    await query(`UPDATE assessments SET email = $2 WHERE code = $1 AND is_anonymous AND email IS NULL`, [code, input.email]);
  }
  const formatted = formatCode(code);
  const link = new URL(`/a/${formatted}`, env().FRONTEND_URL);
  const t = translator(locale);
  const service = t("email.serviceName");
  const type = readType(row.assessment_type);
  const text = [
    t("email.hello"),
    "",
    t("email.code.asked", { service, kind: t(`kinds.${type}.spoken`), code: formatted }),
    "",
    t("email.code.see", { link: link.href }),
    "",
    t("email.code.keep"),
    t("email.code.notDiagnosis"),
    "",
    t("email.code.why", { host: link.host }),
  ].join("\n");
  try {
    const result = await sendMail(
      { to: input.email, subject: t("email.code.subject", { code: formatted, service }), text },
      "assessment-code",
    );
    const notSent = row.is_anonymous
      ? "The address was saved; e-mail is not configured, so nothing was sent"
      : "E-mail is not configured, so nothing was sent";
    return { success: true, sent: result.sent, message: result.sent ? "The code was e-mailed" : notSent, code: formatted };
  } catch (error) {
    if (error instanceof MailError)
      throw new ApiError(500, `The e-mail could not be sent${row.is_anonymous ? "; the address was saved" : ""}, try again later`);
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
