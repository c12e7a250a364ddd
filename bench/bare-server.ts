// The benchmark's yardstick: a bare node:http + pg server doing the lookup's one statement
// (UPDATE ... RETURNING on its own table) and answering the same JSON, with nothing else.
// Started by bench/lookup.ts: DATABASE_URL and POOL_SIZE from the environment; prints its port.
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE || 10) });

await pool.query(`CREATE TABLE IF NOT EXISTS bench_lookup (
  code varchar(6) PRIMARY KEY, assessment_type text NOT NULL, hand text, date_created timestamptz NOT NULL DEFAULT now(),
  result_snapshot jsonb NOT NULL, is_anonymous boolean NOT NULL, expires_at timestamptz, view_count int NOT NULL DEFAULT 0)`);
await pool.query(
  `INSERT INTO bench_lookup (code, assessment_type, hand, result_snapshot, is_anonymous, expires_at)
   VALUES ('BENCH2', 'ROM', 'LEFT', $1, true, now() + interval '90 days') ON CONFLICT (code) DO NOTHING`,
  [JSON.stringify({ overallScore: 72, wristScore: 80, fingerScore: 65, extensionDeg: 60, flexionDeg: 70, lightingQuality: "GOOD" })],
);

const server = createServer(async (req, res) => {
  const code = (req.url ?? "").split("/").pop()!.replace("-", "").toUpperCase();
  try {
    const { rows } = await pool.query(
      `UPDATE bench_lookup SET view_count = view_count + 1 WHERE code = $1 AND (expires_at IS NULL OR expires_at > now())
       RETURNING code, assessment_type, hand, date_created, result_snapshot, is_anonymous, view_count`,
      [code],
    );
    const row = rows[0];
    res.setHeader("content-type", "application/json");
    if (!row) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: "not found" }));
      return;
    }
    res.end(
      JSON.stringify({
        code: row.code,
        formattedCode: `${row.code.slice(0, 3)}-${row.code.slice(3)}`,
        assessmentType: row.assessment_type,
        hand: row.hand,
        dateCreated: row.date_created.toISOString(),
        resultSnapshot: row.result_snapshot,
        isAnonymous: row.is_anonymous,
        viewCount: row.view_count,
      }),
    );
  } catch {
    res.statusCode = 500;
    res.end();
  }
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
