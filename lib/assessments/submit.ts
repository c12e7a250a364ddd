// Submissions: every scored assessment becomes one record with a fresh sharing code, a
// headline snapshot and, for a kind with detail tables, its detail rows. Each kind's contract
// (lib/assessments/kinds/<kind>-contract.ts) says what a valid body becomes; `submitKind` stores it. Without a caller the record is owned by a new
// anonymous contact and expires in 90 days; with one it is the caller's and also adds the
// day's score point.
// The rows are written with plain SQL in one statement: Prisma's nested create cost five times
// the database's own work here (docs/performance.md). Each type's detail rows are its
// results tree (what GET /assessments/:id/results gives back) as detail.ts describes it.
// With an Idempotency-Key the same caller sending the same body again gets the first record back.
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { IDEMPOTENCY_KEY } from "@/lib/assessments/schemas";
import type { AuthUser } from "@/lib/auth/guard";
import { formatCode, isUniqueViolationOn, withFreshCode } from "@/lib/codes";
import { db, query, withConnection } from "@/lib/db";
import { insertTree, type ChildRows, type RowNode } from "@/lib/db/insert";
import type { AssessmentType, Hand } from "@/lib/generated/prisma/client.ts";
import { detailRows, hasDetails } from "@/lib/assessments/detail";
import type { SubmissionCaller, SubmittedRecord } from "@/lib/assessments/kinds/kind";
import { scoreDay, scoreValuesFor, type ResultsTree, type Snapshot } from "@/lib/assessments/read";

export const ANONYMOUS_LIFETIME_DAYS = 90;
/** A sample ("Try a sample result") is there to look at once, not to keep. */
export const SAMPLE_LIFETIME_DAYS = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A record to store; a type with detail tables may bring its results tree, stored in them. */
export interface NewRecord {
  type: AssessmentType;
  hand: Hand | null;
  snapshot: Snapshot;
  results?: ResultsTree;
  email?: string | null;
  /** Made by "Try a sample result": anonymous, marked as a sample, short-lived. */
  sample?: boolean;
  idempotency?: Idempotency;
}

/** A submission's Idempotency-Key, whose caller it is and what it sent. */
export interface Idempotency {
  scope: string;
  key: string;
  bodyHash: string;
}

/** The request's Idempotency-Key, undefined without one; 400 naming the header when malformed. */
export function idempotencyKeyOf(headers: Pick<Headers, "get">): string | undefined {
  const key = headers.get("idempotency-key");
  if (key === null) return undefined;
  if (!IDEMPOTENCY_KEY.test(key))
    throw new ApiError(400, "Idempotency-Key must be 16-128 letters, digits, '-' or '_'", { field: "Idempotency-Key" });
  return key;
}

export interface CreatedRecord {
  id: number;
  code: string;
  formattedCode: string;
  dateCreated: Date;
}

/** The rows under the assessment: its detail rows, its Idempotency-Key and, for an owner, the day's score point. */
function childRows(record: NewRecord, owner: Pick<AuthUser, "contactId"> | null, now: Date): ChildRows[] {
  const score = owner ? scoreValuesFor(record.type, record.snapshot) : null;
  const below: ChildRows[] = [];
  if (record.results) {
    if (!hasDetails(record.type)) throw new Error(`${record.type} has no detail tables for a results tree`);
    below.push(detailRows(record.type, record.results));
  }
  if (record.idempotency) {
    const { scope, key, bodyHash } = record.idempotency;
    below.push({ table: "idempotency_keys", foreignKey: "assessment_id", rows: [{ row: { scope, key, body_hash: bodyHash } }] });
  }
  if (owner && score) {
    below.push({
      table: "score_points",
      foreignKey: "assessment_id",
      rows: [
        {
          row: {
            contact_id: owner.contactId,
            // A date column: the day as text, so the driver's time zone cannot move it.
            day: scoreDay(now).toISOString().slice(0, 10),
            hand: record.hand,
            overall_score: score.overallScore,
            rom_score: score.romScore,
            dexterity_score: score.dexterityScore,
            pain_score: score.painScore,
          },
        },
      ],
    });
  }
  return below;
}

/**
 * Stores a record with a fresh code; owned by `owner`, or anonymous (new contact, 90-day expiry).
 * Its rows (the anonymous contact, the assessment, its detail rows, the score point) go in one
 * statement: one round trip, atomic without a transaction (lib/db/insert.ts).
 */
export async function createRecord(record: NewRecord, owner: Pick<AuthUser, "contactId"> | null): Promise<CreatedRecord> {
  const now = new Date();
  if (record.sample && owner) throw new Error("a sample record is never owned");
  const lifetimeDays = record.sample ? SAMPLE_LIFETIME_DAYS : ANONYMOUS_LIFETIME_DAYS;
  const below = childRows(record, owner, now);
  const { id, code } = await withFreshCode((code) =>
    withConnection(async (sql) => {
      const assessment: RowNode<"assessments"> = {
        row: {
          code,
          assessment_type: record.type,
          hand: record.hand,
          result_snapshot: record.snapshot,
          email: record.email ?? null,
          is_anonymous: !owner,
          is_sample: record.sample === true,
          expires_at: owner ? null : new Date(now.getTime() + lifetimeDays * DAY_MS),
          date_created: now,
          ...(owner ? { owner_id: owner.contactId } : {}),
        },
        children: below,
      };
      // Anonymous: a new contact first, whose id the assessment's owner_id takes.
      const ids = owner
        ? await insertTree(sql, "assessments", assessment)
        : await insertTree(sql, "contacts", {
            row: { kind: "ANONYMOUS", updated_at: now },
            children: [{ table: "assessments", foreignKey: "owner_id", rows: [assessment] }],
          });
      return { id: ids.get(assessment)!, code };
    }),
  );
  return { id, code, formattedCode: formatCode(code), dateCreated: now };
}

/** The record an earlier send with this key made; 409 when that send's body was another. */
async function earlierRecord(idempotency: Idempotency): Promise<CreatedRecord | null> {
  const [row] = await query<{ body_hash: string; id: number; code: string; date_created: Date }>(
    `SELECT i.body_hash, a.id, a.code, a.date_created FROM idempotency_keys i JOIN assessments a ON a.id = i.assessment_id
       WHERE i.scope = $1 AND i.key = $2`,
    [idempotency.scope, idempotency.key],
  );
  if (!row) return null;
  if (row.body_hash !== idempotency.bodyHash)
    throw new ApiError(409, "This Idempotency-Key was sent with another body", { field: "Idempotency-Key" });
  return { id: row.id, code: row.code, formattedCode: formatCode(row.code), dateCreated: new Date(row.date_created) };
}

const NO_CALLER: SubmissionCaller = { age: null, sex: null, recent: () => null };

function yearsSince(birth: Date, today: Date): number {
  const hadBirthday =
    today.getUTCMonth() > birth.getUTCMonth() || (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() >= birth.getUTCDate());
  return today.getUTCFullYear() - birth.getUTCFullYear() - (hadBirthday ? 0 : 1);
}

/** The caller's age and sex from their profile, and their records of `type` from the last 24 hours, latest first. */
async function submissionCaller(type: AssessmentType, user: AuthUser): Promise<SubmissionCaller> {
  const now = new Date();
  const [profile, recent] = await Promise.all([
    db().patientProfile.findUnique({ where: { contactId: user.contactId }, select: { dateOfBirth: true, sex: true } }),
    db().assessment.findMany({
      where: { ownerId: user.contactId, assessmentType: type, dateCreated: { gte: new Date(now.getTime() - DAY_MS) } },
      orderBy: { dateCreated: "desc" },
      select: { hand: true, resultSnapshot: true },
    }),
  ]);
  return {
    age: profile?.dateOfBirth ? yearsSince(profile.dateOfBirth, now) : null,
    sex: profile?.sex ?? null,
    recent: (hand) => (recent.find((record) => record.hand === hand)?.resultSnapshot as Snapshot | undefined) ?? null,
  };
}

/** Stores what the kind's contract builds from a valid body; answers the record's id and code, then the kind's reply. */
export async function submitKind<I, Built extends SubmittedRecord>(
  type: AssessmentType,
  submission: { readsCaller?: boolean; build(input: I, caller: SubmissionCaller): Built },
  input: I,
  user: AuthUser | null,
  options: { sample?: boolean; idempotencyKey?: string } = {},
): Promise<{ id: number; code: string; formattedCode: string } & ReturnType<Built["reply"]>> {
  const caller = user && submission.readsCaller ? await submissionCaller(type, user) : NO_CALLER;
  const built = submission.build(input, caller);
  const idempotency = options.idempotencyKey
    ? {
        scope: user ? `contact:${user.contactId}` : "anonymous",
        key: options.idempotencyKey,
        bodyHash: createHash("sha256")
          .update(`${type}\n${JSON.stringify(input)}`)
          .digest("hex"),
      }
    : undefined;
  const record = { type, hand: built.hand, snapshot: built.snapshot, results: built.results, sample: options.sample, idempotency };
  const created =
    (idempotency && (await earlierRecord(idempotency))) ??
    (await createRecord(record, user).catch(async (error: unknown) => {
      // Two sends of one key at once: the other one stored it.
      const earlier = idempotency && isUniqueViolationOn(error, "key") ? await earlierRecord(idempotency) : null;
      if (!earlier) throw error;
      return earlier;
    }));
  return {
    id: created.id,
    code: created.code,
    formattedCode: created.formattedCode,
    ...(built.reply(created) as ReturnType<Built["reply"]>),
  };
}
