// The table lookups run against: BENCH_ASSESSMENTS anonymous ROM records (default 1,000,000), each
// with its own anonymous contact as a submission makes, of which lookups spread over
// BENCH_LOOKUP_CODES codes (default 100,000) taken evenly across the table. Seeded in SQL
// (generate_series, 100,000 rows a statement), so a million rows take minutes, not hours.
// Codes are a bijection of the row number (n × 1,000,003 mod 31^6 written in the code alphabet),
// so the benchmark knows them without reading them back, and they look like issued codes.
import pg from "pg";

export const TABLE_SIZE = Number(process.env.BENCH_ASSESSMENTS || 1_000_000);
export const LOOKUP_CODES = Math.min(Number(process.env.BENCH_LOOKUP_CODES || 100_000), TABLE_SIZE);

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_SPACE = 31 ** 6;
const MULTIPLIER = 1_000_003;
const BATCH = 100_000;

/** The code of seeded row n (1-based). */
export function seededCode(n: number): string {
  let value = (n * MULTIPLIER) % CODE_SPACE;
  let code = "";
  for (let k = 0; k < 6; k++) {
    code = ALPHABET[value % 31] + code;
    value = Math.floor(value / 31);
  }
  return code;
}

export interface LookupTable {
  /** Rows in assessments when the seeding ended (count(*), not the figure asked for). */
  rows: number;
  /** The codes lookups spread over, as URL path segments. */
  codes: string[];
  seconds: number;
}

/** Fills the (migrated, empty) database at url; log gets a progress line per batch. */
export async function seedLookupTable(url: string, log: (line: string) => void): Promise<LookupTable> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE FUNCTION pg_temp.bench_code(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT string_agg(substr('${ALPHABET}', ((n * ${MULTIPLIER} % ${CODE_SPACE}) / (31::bigint ^ k)::bigint % 31)::int + 1, 1), '' ORDER BY k DESC)
      FROM generate_series(0, 5) AS k $$`);
    // Anonymous records have no standing: the provider-list triggers would only look them up.
    await client.query("SET session_replication_role = replica");
    const snapshot = JSON.stringify({
      overallScore: 72,
      wristScore: 80,
      fingerScore: 65,
      extensionDeg: 60,
      flexionDeg: 70,
      lightingQuality: "GOOD",
    });
    for (let from = 1; from <= TABLE_SIZE; from += BATCH) {
      const to = Math.min(TABLE_SIZE, from + BATCH - 1);
      await client.query(
        `WITH numbered AS (SELECT n FROM generate_series($1::bigint, $2::bigint) AS n),
              made AS (INSERT INTO contacts (kind, updated_at) SELECT 'ANONYMOUS', now() FROM numbered RETURNING id),
              paired AS (SELECT id, $1::bigint - 1 + row_number() OVER (ORDER BY id) AS n FROM made)
         INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, expires_at, owner_id, date_created)
         SELECT pg_temp.bench_code(n), 'ROM', 'RIGHT', $3::jsonb, true, now() + interval '90 days', id,
                now() - (n % 80) * interval '1 day'
         FROM paired`,
        [from, to, snapshot],
      );
      log(
        `seeded ${to.toLocaleString("en")} of ${TABLE_SIZE.toLocaleString("en")} assessments (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    await client.query("SET session_replication_role = origin");
    await client.query("VACUUM ANALYZE contacts");
    await client.query("VACUUM ANALYZE assessments");
    const { rows } = await client.query<{ count: string }>("SELECT count(*) FROM assessments");
    const stride = TABLE_SIZE / LOOKUP_CODES;
    const codes = Array.from({ length: LOOKUP_CODES }, (_, i) => seededCode(1 + Math.floor(i * stride)));
    return { rows: Number(rows[0]!.count), codes, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
