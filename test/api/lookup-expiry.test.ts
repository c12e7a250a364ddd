// Lifetime: anonymous records expire 90 days after creation (proved by moving creation and
// expiry back in the database, not by waiting); claiming moves the record and its score point;
// `npm run db:purge-expired` deletes expired anonymous records with their detail rows; and
// e-mail without a configured transport answers sent: false.
// Own server: it moves records' dates back in its own database.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider } from "@/test/support/identity-provider";
import { startServer } from "@/test/support/server";

function purge(database: TestDatabase, ...args: string[]) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent", ...database.env };
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/purge-expired.ts", ...args], {
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

const count = async (database: TestDatabase, table: string) =>
  Number((await queryDatabase<{ n: number }>(database, `SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

test("expiry, claim with score point, purge, and e-mail without a transport", async () => {
  const idp = await startIdentityProvider();
  const database = await createTestDatabase();
  try {
    // 1. Records of every type, anonymous and owned.
    let server = await startServer({ database, env: idp.env });
    let api = apiClient(server.origin);
    const expiring = [];
    for (const [path, body] of [
      ["rom", romBody],
      ["dexterity", dexterityBody],
      ["pain-v2", painBody],
      ["arthritis", arthritisBody],
    ] as const) {
      const res = await api.post(`/assessments/${path}`, body);
      assert.equal(res.status, 201);
      expiring.push(res.body.code as string);
    }
    const bare = (await api.post("/lookup/anonymous", { assessmentType: "ROM" })).body.code as string;
    expiring.push(bare);
    const fresh = (await api.post("/assessments/rom", romBody)).body.code as string;
    const claimed = (await api.post("/assessments/pain-v2", painBody)).body as { id: number; code: string };
    const ownerToken = await idp.token();
    const owned = (await api.post("/assessments/dexterity", dexterityBody, { token: ownerToken })).body.code as string;

    const claimer = await idp.token();
    assert.equal((await api.post(`/lookup/${claimed.code}/claim`, undefined, { token: claimer })).status, 200);

    const noMail = await api.post(`/lookup/${fresh}/email`, { email: "patient@example.com" });
    assert.equal(noMail.status, 200);
    assert.equal(noMail.body.success, true);
    assert.equal(noMail.body.sent, false);
    assert.equal(typeof noMail.body.message, "string");
    assert.equal(await server.stop(), 0);
    await server.waitForOutput(/mail not configured/);
    assert.doesNotMatch(server.output(), /patient@example\.com/, "addresses are never logged");

    // What the claim and the e-mail stored.
    const [claimedRow] = await queryDatabase(
      database,
      `SELECT a.is_anonymous, a.expires_at, a.claimed_at IS NOT NULL AS has_claimed_at, s.contact_id = a.owner_id AS point_moved,
              s.pain_score, c.kind::text AS owner_kind
         FROM assessments a JOIN contacts c ON c.id = a.owner_id LEFT JOIN score_points s ON s.assessment_id = a.id WHERE a.id = $1`,
      [claimed.id],
    );
    assert.deepEqual(claimedRow, {
      is_anonymous: false,
      expires_at: null,
      has_claimed_at: true,
      point_moved: true,
      pain_score: 40,
      owner_kind: "PATIENT",
    });
    const [stored] = await queryDatabase(database, `SELECT email FROM assessments WHERE code = $1`, [fresh]);
    assert.equal(stored!.email, "patient@example.com");
    const [lifetime] = await queryDatabase<{ days: number }>(
      database,
      `SELECT round(extract(epoch FROM expires_at - date_created) / 86400)::int AS days FROM assessments WHERE code = $1`,
      [fresh],
    );
    assert.equal(lifetime!.days, 90);

    // 2. Ninety-one days pass for the expiring records (and for the claimed and owned ones).
    await queryDatabase(
      database,
      `UPDATE assessments SET date_created = date_created - interval '91 days',
              expires_at = CASE WHEN expires_at IS NULL THEN NULL ELSE expires_at - interval '91 days' END
        WHERE code = ANY($1)`,
      [[...expiring, claimed.code, owned]],
    );

    server = await startServer({ database, env: idp.env });
    api = apiClient(server.origin);
    const unknown = await api.get("/lookup/ZZZ-ZZZ");
    for (const code of expiring) {
      const lookup = await api.get(`/lookup/${code}`);
      assert.equal(lookup.status, 404);
      assert.deepEqual(lookup.body, unknown.body, "an expired code looks exactly like a missing one");
      assert.equal((await api.get(`/assessments/${code}/results`)).status, 404);
      assert.equal((await api.post(`/lookup/${code}/claim`, undefined, { token: await idp.token() })).status, 404);
      assert.equal((await api.post(`/lookup/${code}/email`, { email: "late@example.com" })).status, 404);
    }
    for (const code of [fresh, claimed.code, owned]) assert.equal((await api.get(`/lookup/${code}`)).status, 200, code);
    assert.equal(await server.stop(), 0);

    // 3. The purge deletes exactly the expired anonymous records, their detail rows and contacts.
    const before = {
      assessments: await count(database, "assessments"),
      anonymousContacts: Number(
        (await queryDatabase<{ n: number }>(database, `SELECT count(*)::int AS n FROM contacts WHERE kind = 'ANONYMOUS'`))[0]!.n,
      ),
    };
    const output = purge(database, "--batch-size=2");
    assert.match(output, /purged 5 expired anonymous record\(s\) and 5 anonymous contact\(s\) in 3 batch\(es\)/);
    assert.equal(await count(database, "assessments"), before.assessments - 5);
    const remaining = await queryDatabase<{ code: string }>(database, `SELECT code FROM assessments ORDER BY code`);
    assert.deepEqual(remaining.map((r) => r.code).sort(), [fresh, claimed.code, owned].sort());
    const anonymousContacts = await queryDatabase<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM contacts WHERE kind = 'ANONYMOUS'`,
    );
    assert.equal(anonymousContacts[0]!.n, before.anonymousContacts - 5);
    // Detail rows went with their records: only the surviving records' rows remain.
    assert.equal(await count(database, "rom_assessments"), 1);
    assert.equal(await count(database, "rom_joint_results"), romBody.joints.length);
    assert.equal(await count(database, "dexterity_assessments"), 1);
    assert.equal(await count(database, "pain_sessions"), 1);
    assert.equal(await count(database, "pain_entries"), painBody.entries.length);
    assert.equal(await count(database, "arthritis_evaluations"), 0);
    assert.equal(await count(database, "arthritis_joint_health"), 0);

    // Running it again changes nothing.
    assert.match(purge(database), /purged 0 expired anonymous record\(s\) and 0 anonymous contact\(s\) in 0 batch\(es\)/);
    assert.equal(await count(database, "assessments"), 3);
  } finally {
    await database.drop();
    await idp.close();
  }
});
