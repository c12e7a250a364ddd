// The yardstick of npm run bench: a bare node:http + pg server doing the service's SQL on the
// service's own (migrated) database, with no framework, validation, auth or logging, writing the
// same rows and firing the same triggers as the service:
// - GET /lookup/:code: the lookup's one statement (count the view, audit a patient's record,
//   read a ROM record's joints), the same JSON answer, on its own table: bench_lookup, made like assessments (columns,
//   defaults, indexes and its triggers, so each lookup pays the standings trigger the service's
//   does) and filled with a copy of its rows when this server starts.
// - POST /assessments/rom: what a ROM submission stores, in one transaction: without an
//   Authorization header an anonymous contact, assessment with a fresh code and snapshot, ROM
//   row, hand row, joint rows; with one (not verified: the baseline has no auth) the record
//   belongs to one of PATIENTS patient contacts (one per distinct header) and adds the day's
//   score point, as a signed-in patient's submission does. POST /assessments/rom/one-statement
//   writes the same rows in one statement, as the service does (`--one-statement` of the bench).
// DATABASE_URL and POOL_SIZE from the environment; prints "listening <port>".
import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import type { z } from "zod";
import { scoreDay, scoreValuesFor } from "@/lib/assessments/read";
import { KINDS } from "@/lib/assessments/kinds";
import { romInput, romWristInput } from "@/lib/assessments/kinds/rom-contract";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE || 10) });
pool.on("error", () => {});
const PATIENTS = 1_000;
await pool.query(`CREATE TABLE IF NOT EXISTS bench_lookup (LIKE assessments INCLUDING ALL)`);
await pool.query(`INSERT INTO bench_lookup SELECT * FROM assessments ON CONFLICT DO NOTHING`);
// LIKE copies no triggers: assessments' own, made anew on the copy.
const { rows: triggers } = await pool.query<{ tgname: string; definition: string }>(
  `SELECT tgname, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = 'assessments'::regclass AND NOT tgisinternal`,
);
for (const { tgname, definition } of triggers) {
  await pool.query(`DROP TRIGGER IF EXISTS "${tgname}" ON bench_lookup`);
  await pool.query(definition.replace(/ ON (public\.)?assessments /, " ON bench_lookup "));
}
const { rows: patientRows } = await pool.query<{ id: number }>(
  `INSERT INTO contacts (kind, updated_at) SELECT 'PATIENT', now() FROM generate_series(1, ${PATIENTS}) RETURNING id`,
);
const patients = patientRows.map((row) => row.id);
/** The patient contact an Authorization header stands for: a new one per header, in turn. */
const patientOf = new Map<string, number>();
const ownerFor = (authorization: string) => {
  let id = patientOf.get(authorization);
  if (id === undefined) patientOf.set(authorization, (id = patients[patientOf.size % PATIENTS]!));
  return id;
};

const newCode = () => Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
const formatted = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

async function lookup(code: string, res: ServerResponse) {
  // Prepared once per connection by its name, as the service's lookup is.
  const { rows } = await pool.query({
    name: "bench_lookup_by_code",
    text: `WITH hit AS (
       UPDATE bench_lookup SET view_count = view_count + 1 WHERE code = $1 AND (expires_at IS NULL OR expires_at > now())
       RETURNING id, code, assessment_type, hand, date_created, result_snapshot, is_anonymous, is_sample, expires_at, view_count, owner_id
     ), audited AS (
       INSERT INTO audit_events (actor_sub, actor_role, patient_id, action, route)
       SELECT 'anonymous', 'anonymous', hit.owner_id, 'lookup', '/api/lookup/:code' FROM hit JOIN contacts c ON c.id = hit.owner_id
        WHERE NOT hit.is_anonymous AND c.kind = 'PATIENT'
     )
     SELECT hit.*, CASE WHEN hit.assessment_type = 'ROM' THEN (
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
       FROM hit`,
    values: [code.replace("-", "").toUpperCase()],
  });
  const row = rows[0];
  if (!row) return send(res, 404, { error: "not found" });
  send(res, 200, {
    code: row.code,
    formattedCode: formatted(row.code),
    assessmentType: row.assessment_type,
    hand: row.hand,
    dateCreated: row.date_created.toISOString(),
    resultSnapshot: row.result_snapshot,
    isAnonymous: row.is_anonymous,
    isSample: row.is_sample,
    expiresAt: row.expires_at === null ? null : row.expires_at.toISOString(),
    viewCount: row.view_count,
    results: { joints: row.joints ?? [] },
  });
}

type Rom = z.output<typeof romInput>;
/** The wrist measures a ROM body may carry: their names are also their columns' names. */
const WRIST = Object.keys(romWristInput.shape);

type Joint = NonNullable<Rom["joints"]>[number];

/** A joint's row of rom_joint_results after hand_result_id, in the table's column order. */
function jointColumns(j: Joint, position: number): unknown[] {
  return [
    position,
    j.id ?? null,
    j.finger ?? null,
    j.jointType ?? null,
    j.minAngle ?? null,
    j.maxAngle ?? null,
    j.avgAngle ?? null,
    j.rom ?? null,
    j.normalRange?.[0] ?? null,
    j.normalRange?.[1] ?? null,
    j.flexibilityScore ?? null,
    j.frameCount ?? null,
  ];
}

/** Like the service, a code that is taken already (a unique violation) means another try with a new one. */
async function submitRom(input: Rom, owner: number | null, res: ServerResponse, store = storeRom) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store(input, owner, res);
    } catch (error) {
      if ((error as { code?: string }).code !== "23505" || attempt === 5) throw error;
    }
  }
}

/** The record's result snapshot, as the service stores it for a ROM submission. */
function romSnapshot(input: Rom) {
  const wrist = input.wrist ?? {};
  return {
    overallScore: input.overallScore,
    wristScore: input.wristScore ?? null,
    fingerScore: input.fingerScore ?? null,
    extensionDeg: wrist.max_extension_deg ?? null,
    flexionDeg: wrist.max_flexion_deg ?? null,
    lightingQuality: input.lightingQuality ?? null,
  };
}

async function storeRom(input: Rom, owner: number | null, res: ServerResponse) {
  const wrist = input.wrist ?? {};
  const snapshot = romSnapshot(input);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const ownerId =
      owner ?? (await client.query(`INSERT INTO contacts (kind, updated_at) VALUES ('ANONYMOUS', now()) RETURNING id`)).rows[0].id;
    const code = newCode();
    const assessment = await client.query(
      `INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, expires_at, owner_id, date_created)
       VALUES ($1, 'ROM', $2, $3, $4, CASE WHEN $4 THEN now() + interval '90 days' END, $5, now()) RETURNING id`,
      [code, input.hand, JSON.stringify(snapshot), owner === null, ownerId],
    );
    const rom = await client.query(
      `INSERT INTO rom_assessments (assessment_id, hand, overall_score, wrist_score, finger_score, lighting_quality, lighting_metrics, ${WRIST.join(", ")})
       VALUES ($1, $2, $3, $4, $5, $6, $7, ${WRIST.map((_, i) => `$${i + 8}`).join(", ")}) RETURNING id`,
      [
        assessment.rows[0].id,
        input.hand,
        input.overallScore,
        input.wristScore ?? null,
        input.fingerScore ?? null,
        input.lightingQuality ?? null,
        input.lightingMetrics ? JSON.stringify(input.lightingMetrics) : null,
        ...WRIST.map((name) => wrist[name] ?? null),
      ],
    );
    const hand = await client.query(
      `INSERT INTO rom_hand_results (rom_assessment_id, hand, wrist_score, finger_score) VALUES ($1, $2, $3, $4) RETURNING id`,
      [rom.rows[0].id, input.hand, input.wristScore ?? null, input.fingerScore ?? null],
    );
    const joints = input.joints ?? [];
    if (joints.length) {
      const values: unknown[] = [];
      const tuples = joints.map((j, position) => {
        values.push(hand.rows[0].id, ...jointColumns(j, position));
        return `(${Array.from({ length: 13 }, (_, k) => `$${position * 13 + k + 1}`).join(", ")})`;
      });
      await client.query(
        `INSERT INTO rom_joint_results (hand_result_id, position, joint_id, finger, joint_type, min_angle, max_angle, avg_angle, rom,
           normal_range_min, normal_range_max, flexibility_score, frame_count) VALUES ${tuples.join(", ")}`,
        values,
      );
    }
    const score = owner === null ? null : scoreValuesFor(KINDS.ROM.stored, snapshot);
    if (owner !== null && score) {
      await client.query(
        `INSERT INTO score_points (contact_id, assessment_id, day, hand, overall_score, rom_score, dexterity_score, pain_score)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          owner,
          assessment.rows[0].id,
          scoreDay(new Date()).toISOString().slice(0, 10),
          input.hand,
          score.overallScore,
          score.romScore,
          score.dexterityScore,
          score.painScore,
        ],
      );
    }
    await client.query("COMMIT");
    send(res, 201, {
      id: assessment.rows[0].id,
      code,
      formattedCode: formatted(code),
      overallScore: input.overallScore,
      wristScore: input.wristScore ?? null,
      fingerScore: input.fingerScore ?? null,
    });
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The same rows in one statement, as the service writes them (lib/db/insert.ts): each INSERT a
 * WITH query, a child's foreign key `(SELECT id FROM <parent>)`. One round trip, no BEGIN and
 * COMMIT: what a bare server gets from the service's SQL, beside the five-insert transaction.
 */
async function storeRomAtOnce(input: Rom, owner: number | null, res: ServerResponse) {
  const wrist = input.wrist ?? {};
  const snapshot = romSnapshot(input);
  const code = newCode();
  const values: unknown[] = [];
  const $ = (value: unknown) => `$${values.push(value)}`;
  const queries: string[] = [];
  if (owner === null) queries.push(`c AS (INSERT INTO contacts (kind, updated_at) VALUES ('ANONYMOUS', now()) RETURNING id)`);
  queries.push(
    `a AS (INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, expires_at, owner_id, date_created)
     VALUES (${$(code)}, 'ROM', ${$(input.hand)}, ${$(JSON.stringify(snapshot))}::text::jsonb, ${owner === null},
       ${owner === null ? "now() + interval '90 days'" : "NULL"}, ${owner === null ? "(SELECT id FROM c)" : $(owner)}, now()) RETURNING id)`,
    `r AS (INSERT INTO rom_assessments (assessment_id, hand, overall_score, wrist_score, finger_score, lighting_quality, lighting_metrics, ${WRIST.join(", ")})
     VALUES ((SELECT id FROM a), ${[
       input.hand,
       input.overallScore,
       input.wristScore ?? null,
       input.fingerScore ?? null,
       input.lightingQuality ?? null,
     ]
       .map($)
       .join(", ")}, ${$(input.lightingMetrics ? JSON.stringify(input.lightingMetrics) : null)}::text::jsonb, ${WRIST.map((name) =>
       $(wrist[name] ?? null),
     ).join(", ")}) RETURNING id)`,
    `h AS (INSERT INTO rom_hand_results (rom_assessment_id, hand, wrist_score, finger_score)
     VALUES ((SELECT id FROM r), ${$(input.hand)}, ${$(input.wristScore ?? null)}, ${$(input.fingerScore ?? null)}) RETURNING id)`,
  );
  const joints = input.joints ?? [];
  if (joints.length)
    queries.push(
      `j AS (INSERT INTO rom_joint_results (hand_result_id, position, joint_id, finger, joint_type, min_angle, max_angle, avg_angle, rom,
         normal_range_min, normal_range_max, flexibility_score, frame_count) VALUES ${joints
           .map((j, position) => `((SELECT id FROM h), ${jointColumns(j, position).map($).join(", ")})`)
           .join(", ")})`,
    );
  const score = owner === null ? null : scoreValuesFor(KINDS.ROM.stored, snapshot);
  if (owner !== null && score)
    queries.push(
      `s AS (INSERT INTO score_points (contact_id, assessment_id, day, hand, overall_score, rom_score, dexterity_score, pain_score)
       VALUES (${$(owner)}, (SELECT id FROM a), ${[
         scoreDay(new Date()).toISOString().slice(0, 10),
         input.hand,
         score.overallScore,
         score.romScore,
         score.dexterityScore,
         score.painScore,
       ]
         .map($)
         .join(", ")}))`,
    );
  const { rows } = await pool.query(`WITH ${queries.join(", ")} SELECT id FROM a`, values);
  send(res, 201, {
    id: rows[0].id,
    code,
    formattedCode: formatted(code),
    overallScore: input.overallScore,
    wristScore: input.wristScore ?? null,
    fingerScore: input.fingerScore ?? null,
  });
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

const server = createServer(async (req, res) => {
  try {
    const path = (req.url ?? "").split("?")[0]!;
    if (req.method === "GET" && path.startsWith("/lookup/")) return await lookup(path.slice("/lookup/".length), res);
    if (req.method === "POST" && (path === "/assessments/rom" || path === "/assessments/rom/one-statement"))
      return await submitRom(
        await readJson(req),
        req.headers.authorization ? ownerFor(req.headers.authorization) : null,
        res,
        path === "/assessments/rom" ? storeRom : storeRomAtOnce,
      );
    send(res, 404, { error: "not found" });
  } catch {
    send(res, 500, { error: "Internal error" });
  }
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
