// Row 5 of the abuse review, the other half: PDFs render in a bounded worker pool. Past the
// queue a request is refused at once (503 with Retry-After) instead of piling up, and a render
// over its time budget is abandoned (its worker replaced) with a 503, never a hang. The pool's
// size, queue and budget are PDF_WORKERS, PDF_QUEUE and PDF_RENDER_TIMEOUT_MS; set small here.
// Every request asks for a different report: a PDF made before comes from the cache, and
// requests for a PDF being made wait for that render, neither of which queues.
// Own server: PDF queue and worker settings of its own.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

let database: TestDatabase;
let resend: ResendStandIn;
let queueServer: TestServer;
let budgetServer: TestServer;
let reportCode: string;
/** Further reports of the same 20 assessments, each asked for once. */
const freshReports: string[] = [];

before(async () => {
  [database, resend] = await Promise.all([createTestDatabase(), startResend()]);
  // One worker and no waiting room: while a PDF renders, the next one is refused.
  queueServer = await startServer({ database, env: { ...resend.env, PDF_WORKERS: "1", PDF_QUEUE: "0", PDF_RENDER_TIMEOUT_MS: "300000" } });
  const api = apiClient(queueServer.origin);
  const codes: string[] = [];
  for (let i = 0; i < 20; i++) codes.push((await api.post("/assessments/rom", { ...romBody, overallScore: 40 + i })).body.code);
  reportCode = (await api.post("/reports", { title: "Busy clinic", assessmentCodes: codes })).body.code;
  for (let i = 0; i < 8; i++)
    freshReports.push((await api.post("/reports", { title: `Busy clinic ${i}`, assessmentCodes: codes })).body.code);
});

after(async () => {
  await Promise.all([queueServer?.stop(), budgetServer?.stop()]);
  await Promise.all([database?.drop(), resend?.close()]);
});

test("past the queue a PDF is a 503 with Retry-After, and the pool keeps serving", async () => {
  const api = apiClient(queueServer.origin);
  // The pool's worker starts on the first PDF; afterwards every request finds it ready.
  assert.equal((await api.get(`/reports/${reportCode}/pdf`)).status, 200);
  const answers = await Promise.all(freshReports.slice(0, 4).map((code) => api.get(`/reports/${code}/pdf`)));
  const refused = answers.filter((a) => a.status === 503);
  assert.ok(
    answers.some((a) => a.status === 200),
    `statuses ${answers.map((a) => a.status)}`,
  );
  assert.ok(refused.length > 0, `statuses ${answers.map((a) => a.status)}`);
  for (const answer of refused) {
    assert.equal(answer.body.code, "PDF_BUSY");
    assert.match(answer.headers.get("retry-after") ?? "", /^\d+$/);
  }
  assert.equal((await api.get(`/reports/${freshReports[4]}/pdf`)).status, 200);
});

test("the e-mail route, which attaches the PDF, goes through the same pool", async () => {
  const api = apiClient(queueServer.origin);
  const sent = resend.emails().length;
  const answers = await Promise.all([
    api.get(`/reports/${freshReports[5]}/pdf`),
    api.post(`/reports/${freshReports[6]}/email`, { to: "clinic@example.com" }),
    api.post(`/reports/${freshReports[7]}/email`, { to: "clinic@example.com" }),
  ]);
  const refusedMails = answers.slice(1).filter((a) => a.status === 503);
  assert.ok(refusedMails.length > 0, `statuses ${answers.map((a) => a.status)}`);
  for (const answer of refusedMails) assert.match(answer.headers.get("retry-after") ?? "", /^\d+$/);
  assert.equal(resend.emails().length - sent, answers.slice(1).filter((a) => a.status === 200).length);
});

test("a render over its time budget is abandoned: 503, and the server goes on answering", async () => {
  await queueServer.stop();
  budgetServer = await startServer({ database, env: { PDF_WORKERS: "1", PDF_RENDER_TIMEOUT_MS: "1" } });
  const api = apiClient(budgetServer.origin);
  const first = await api.get(`/reports/${reportCode}/pdf`);
  assert.equal(first.status, 503);
  assert.equal(first.body.code, "PDF_TIMEOUT");
  assert.match(first.body.error, /too long/);
  // The abandoned worker is replaced: the next render is tried (and abandoned) again.
  assert.equal((await api.get(`/reports/${reportCode}/pdf`)).body.code, "PDF_TIMEOUT");
  assert.equal((await api.get("/health")).status, 200);
  assert.equal((await api.get(`/reports/${reportCode}`)).status, 200);
});
