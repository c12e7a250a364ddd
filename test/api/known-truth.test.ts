// The clinic of known truth (lib/seed/known-truth.ts, what `npm run db:seed` builds) read through
// the provider list as its care provider: exactly the patients whose truth is a clinical decline
// or a low result are flagged, declines first by their size in MCIDs, then low results by
// recency, then the re-measures (not flagged), then everyone else, most recent first; each reason in the
// measure's own units and direction. Written into the database between two starts of the server.
// Own server: a database seeded with the known-truth clinic.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEMO_PROVIDER_SUB, seedDemoClinic } from "@/lib/seed/demo-clinic";
import { KNOWN_TRUTH, knownTruthDay } from "@/lib/seed/known-truth";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

interface Row {
  id: number;
  name: string;
  trend: string;
  needsAttention: boolean;
  attentionGroup: string | null;
  attentionReasons: { reason: string; text: string }[];
  tests: { test: string; hand: string | null; judged: boolean; otherHandPercent: number | null }[];
}

let database: TestDatabase;
let idp: IdentityProvider;
let server: TestServer;
let rows: Row[];
let token: string;
const now = new Date();

before(async () => {
  database = await createTestDatabase();
  idp = await startIdentityProvider();
  // The database is a copy of the run's migrated template: the clinic goes straight into it.
  await seedDemoClinic({ query: (sql, params) => queryDatabase(database, sql, params) }, { now });
  server = await startServer({ database, env: idp.env });
  token = await idp.token({ sub: DEMO_PROVIDER_SUB, roles: ["care_provider"] });
  rows = (await apiClient(server.origin).get("/patients?sort=attention&limit=50", { token })).body.patients;
});
after(async () => {
  await server?.stop();
  await idp?.close();
  await database?.drop();
});

/** "@14" in a written reason is the day 14 days before today. */
const dated = (text: string) => text.replace(/@(\d+)/g, (_, days: string) => knownTruthDay(now, Number(days)));

test("the list flags exactly the patients whose truth needs attention, in the order of urgency, with the reasons in their own units", () => {
  assert.deepEqual(
    rows.map((row) => row.name),
    KNOWN_TRUTH.map((patient) => patient.name),
  );
  for (const patient of KNOWN_TRUTH) {
    const row = rows.find((r) => r.name === patient.name)!;
    assert.deepEqual(
      {
        group: row.attentionGroup,
        needsAttention: row.needsAttention,
        trend: row.trend,
        reasons: row.attentionReasons.map((reason) => reason.text),
      },
      { ...patient.expected, reasons: patient.expected.reasons.map(dated) },
      `${patient.name}: ${patient.truth}`,
    );
  }
});

test("the unaffected hand is shown beside the affected one, as its percentage, and never judged", () => {
  const twoHands = rows.find((row) => row.name === "Wim Twohands")!;
  assert.deepEqual(
    twoHands.tests.map((t) => [t.test, t.hand, t.judged, t.otherHandPercent]),
    [
      ["ROM", "LEFT", false, 261],
      ["ROM", "RIGHT", true, 38],
    ],
  );
});

test("the note says what the list says; after a review, who reviewed it and that the flag returns, never that nothing declines", async () => {
  const api = apiClient(server.origin);
  const sharp = rows.find((row) => row.name === "Iris Sharp")!;
  const before = (await api.get(`/patients/${sharp.id}/narrative-summary`, { token })).body.summary as string;
  assert.match(before, /4 results on 4 days over 3 weeks, the latest on /);
  assert.match(before, /Range of motion \(right\) 73 → 52 \(0–100, higher is better\), declining/);
  assert.match(before, /Flagged for attention: Range of motion \(right\) 74 → 52 \(−22, worse; clinically important ≥ 10\)/);
  assert.equal((await api.post(`/patients/${sharp.id}/review`, undefined, { token })).status, 200);
  const after = (await api.get(`/patients/${sharp.id}/narrative-summary`, { token })).body.summary as string;
  assert.match(
    after,
    /Reviewed by Dr\. Morgan Reyes on \d+ \w+ \d{4}; the flag returns with the next result\. On record: Range of motion \(right\) 74 → 52/,
  );
  assert.doesNotMatch(after, /no test|Flagged for attention/);
  const spike = rows.find((row) => row.name === "Yusuf Spike")!;
  const note = (await api.get(`/patients/${spike.id}/narrative-summary`, { token })).body.summary as string;
  assert.match(note, /Not flagged for attention\. Re-measure to confirm: Range of motion \(left\) 81 → 69/);
});
