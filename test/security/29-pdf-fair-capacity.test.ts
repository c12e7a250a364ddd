// Row 5 of the third abuse review: one client could keep the PDF workers busy, so another user's
// one-record PDF waited behind the flood (or was refused, the shared queue full). Now renders wait
// in a queue per client, taken in turn (PDF_QUEUE_PER_CLIENT each), PDF requests spend their own
// allowance per client (RATE_LIMIT_PDF_PER_MINUTE), and a PDF once made is served from a cache
// until something it shows changes (the debug log says so per request: answers do not, 40).
// Own server: PDF capacity and limits of its own.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { clientAt, newAddress } from "@/test/support/clients";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { startServer, type TestServer } from "@/test/support/server";

const FLOOD = 12;
const PDF_ALLOWANCE = 20;

let database: TestDatabase;
let server: TestServer;
/** Reports of 20 assessments each, all different (so that none is served from the cache). */
const heavyReports: string[] = [];
/** One-assessment reports. */
const lightReports: string[] = [];

const anyone = () => clientAt(server.origin, newAddress());

before(async () => {
  database = await createTestDatabase();
  server = await startServer({
    database,
    env: {
      TRUST_PROXY: "loopback",
      RATE_LIMIT: "on",
      PDF_WORKERS: "1",
      PDF_QUEUE: "8",
      PDF_QUEUE_PER_CLIENT: "2",
      PDF_RENDER_TIMEOUT_MS: "300000",
      RATE_LIMIT_PDF_PER_MINUTE: String(PDF_ALLOWANCE),
      LOG_LEVEL: "debug",
    },
  });
  const codes: string[] = [];
  for (let i = 0; i < 20; i++) codes.push((await anyone().post("/assessments/rom", { ...romBody, overallScore: 40 + i })).body.code);
  for (let i = 0; i < FLOOD; i++)
    heavyReports.push((await anyone().post("/reports", { title: `Heavy ${i}`, assessmentCodes: codes })).body.code);
  for (let i = 0; i < 3; i++)
    lightReports.push((await anyone().post("/reports", { title: `Light ${i}`, assessmentCodes: [codes[i]] })).body.code);
  // The pool's worker starts on the first PDF.
  assert.equal((await anyone().get(`/reports/${lightReports[2]}/pdf`)).status, 200);
});

after(async () => {
  await server?.stop();
  await database?.drop();
});

test("a flood of PDFs from one client does not starve another client's PDF", async () => {
  const flooder = clientAt(server.origin, newAddress());
  /** Who got a PDF, in the order the answers came. */
  const served: string[] = [];
  let firstRefusal!: () => void;
  const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
  const flood = heavyReports.map(async (code) => {
    const answer = await flooder.get(`/reports/${code}/pdf`);
    if (answer.status === 200) served.push("flooder");
    else firstRefusal();
    return answer;
  });
  // Once the flood is refused it has filled every place it may take; now someone else asks
  // (or, should nothing be refused, once the flood is through: the count below then fails).
  await Promise.race([refused, Promise.all(flood)]);
  const other = await clientAt(server.origin, newAddress()).get(`/reports/${lightReports[0]}/pdf`);
  served.push("other");
  assert.equal(other.status, 200, `the other client got ${other.status} ${JSON.stringify(other.body)}`);
  assert.equal(other.headers.get("content-type"), "application/pdf");

  const answers = await Promise.all(flood);
  // Its turn came before the flood's last waiting render: it did not wait behind the whole flood.
  assert.notEqual(served.at(-1), "other", `order served: ${served.join(", ")}`);
  const statuses = answers.map((a) => a.status);
  // One rendering and PDF_QUEUE_PER_CLIENT waiting; the rest is refused at once.
  assert.ok(statuses.filter((s) => s === 200).length <= 3, `flood statuses ${statuses}`);
  for (const answer of answers.filter((a) => a.status !== 200)) {
    assert.equal(answer.status, 503);
    assert.equal(answer.body.code, "PDF_BUSY");
    assert.match(answer.headers.get("retry-after") ?? "", /^\d+$/);
  }
});

/** Whether the PDF of this answer came from the cache, as the server's debug log says. */
async function fromCache(answer: { headers: Headers }): Promise<"hit" | "miss"> {
  const line = new RegExp(`"reqId":"${answer.headers.get("x-request-id")}"[^\n]*"pdfCache":"(hit|miss)"`);
  return line.exec(await server.waitForOutput(line))![1] as "hit" | "miss";
}

test("a PDF made once is served again without a render, until the report changes", async () => {
  const reader = anyone();
  const path = `/reports/${lightReports[1]}/pdf`;
  const first = await reader.get(path);
  assert.equal(first.status, 200);
  assert.equal(await fromCache(first), "miss");
  const second = await anyone().get(path);
  assert.equal(second.status, 200);
  assert.equal(await fromCache(second), "hit");
  assert.deepEqual(Buffer.from(second.body), Buffer.from(first.body));

  // The explanation is printed in the PDF: once there is one, the PDF is made anew.
  assert.equal((await anyone().post(`/reports/${lightReports[1]}/explain`)).status, 200);
  const changed = await anyone().get(path);
  assert.equal(changed.status, 200);
  assert.equal(await fromCache(changed), "miss");
  assert.notDeepEqual(Buffer.from(changed.body), Buffer.from(first.body));
});

test("PDFs spend an allowance of their own per client: past it, 429 with Retry-After", async () => {
  const greedy = clientAt(server.origin, newAddress());
  const path = `/reports/${lightReports[1]}/pdf`;
  for (let i = 0; i < PDF_ALLOWANCE; i++) assert.equal((await greedy.get(path)).status, 200, `request ${i + 1}`);
  const over = await greedy.get(path);
  assert.equal(over.status, 429);
  assert.equal(over.body.code, "RATE_LIMITED");
  assert.match(over.headers.get("retry-after") ?? "", /^\d+$/);
  // Another client is not affected.
  assert.equal((await anyone().get(path)).status, 200);
});
