// Reports on a server without mail or a language model: e-mail answers sent: false, the
// explanation comes from the template. And records that expired: they cannot be bundled, and
// leave reports made before they expired (proved by moving expiry back in the database).
// Own server: no mail or model configured, and records' dates moved back in its own database.
import assert from "node:assert/strict";
import { test } from "node:test";
import { painBody, romBody } from "@/lib/assessments/examples";
import { createTestDatabase, queryDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startServer } from "@/test/support/server";

// Shared machines start servers slowly under load; a slow start is not what these tests check.
const START_TIMEOUT_MS = 240_000;

test("no mail transport and no model: sent false, template explanation; expired records are refused and dropped", async () => {
  const database = await createTestDatabase();
  try {
    let server = await startServer({ database, startTimeoutMs: START_TIMEOUT_MS });
    let api = apiClient(server.origin);
    const rom = (await api.post("/assessments/rom", romBody)).body.code as string;
    const pain = (await api.post("/assessments/pain-v2", painBody)).body.code as string;
    const created = await api.post("/reports", { title: "Offline", assessmentCodes: [rom, pain] });
    assert.equal(created.status, 200);
    const report = created.body.code as string;

    const mail = await api.post(`/reports/${report}/email`, { to: "patient@example.com" });
    assert.equal(mail.status, 200);
    assert.equal(mail.body.success, true);
    assert.equal(mail.body.sent, false);
    assert.match(mail.body.message, /not configured/);

    const explained = await api.post(`/reports/${report}/explain`);
    assert.equal(explained.status, 200);
    assert.equal(explained.body.source, "fallback");
    assert.match(explained.body.explanation, /This report brings together 2 hand assessments recorded on /);
    assert.match(
      explained.body.explanation,
      /Range of motion \(1 assessment\): Overall score was 72 \/ 100, on a scale of 0–100, higher is better\./,
    );
    assert.match(explained.body.explanation, /Worst pain was 6 \/ 10 \(Distressing\), on a scale of 0–10, lower is better/);
    assert.match(explained.body.explanation, /not a medical diagnosis/);
    // The same numbers give the same text.
    assert.equal((await api.post(`/reports/${report}/explain`)).body.explanation, explained.body.explanation);
    const read = await api.get(`/reports/${report}`);
    assert.equal(read.body.aiExplanation, explained.body.explanation);
    assert.equal(read.body.explanationSource, "fallback");

    assert.equal(await server.stop(), 0);
    await server.waitForOutput(/mail not configured/);
    assert.doesNotMatch(server.output(), /patient@example\.com/);

    // The pain record's 90 days run out.
    await queryDatabase(database, `UPDATE assessments SET expires_at = now() - interval '1 minute' WHERE code = $1`, [pain]);

    server = await startServer({ database, startTimeoutMs: START_TIMEOUT_MS });
    api = apiClient(server.origin);
    const refused = await api.post("/reports", { title: "Too late", assessmentCodes: [rom, pain] });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.field, "assessmentCodes");
    assert.match(refused.body.error, /^One or more codes are unknown, expired or not shareable/, "neither how many nor which");

    const after = await api.get(`/reports/${report}`);
    assert.equal(after.status, 200);
    assert.deepEqual(
      after.body.assessments.map((a: { code: string }) => a.code),
      [rom],
    );
    const pdf = await apiClient(server.origin).get(`/reports/${report}/pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(await server.stop(), 0);

    const [counts] = await queryDatabase<{ views: number; items: number }>(
      database,
      `SELECT r.view_count AS views, (SELECT count(*)::int FROM report_items i WHERE i.report_id = r.id) AS items FROM reports r WHERE r.code = $1`,
      [report],
    );
    assert.deepEqual(counts, { views: 2, items: 2 }, "two reads counted; the items stay, the expired one is only hidden");
  } finally {
    await database.drop();
  }
});
