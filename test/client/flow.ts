// What a native app does, written against the types openapi-typescript generates from the
// served document (./generated/api.d.ts, written by test/api/generated-client.test.ts) and
// called with openapi-fetch. Type-checked in strict mode with no casts, then run against a real
// server: a field or parameter the document gets wrong fails one or the other.
import createClient from "openapi-fetch";
import type { paths } from "./generated/api.js";

type Lookup = paths["/lookup/{code}"]["get"]["responses"][200]["content"]["application/json"];

export interface FlowResult {
  lookedUpType: string;
  lookedUpFigure: string;
  questionnaireFigure: string;
  claimedCode: string;
  reportCount: number;
  pdfBytes: number;
  scoreCount: number;
  scoreTotal: number;
}

function fail(step: string, status: number): never {
  throw new Error(`${step}: HTTP ${status}`);
}

/**
 * A kind-specific figure of a looked-up record: assessmentType narrows the snapshot to its kind's
 * type, so each branch reads a member only that kind has. A kind the switch forgets leaves the
 * function without a return, which the strict type check refuses.
 */
function kindFigure(record: Lookup): string {
  switch (record.assessmentType) {
    case "ROM":
    case "THUMB":
      return `wrist ${record.resultSnapshot.wristScore ?? "-"}`;
    case "DEXTERITY":
      return `tapping ${record.resultSnapshot.averageFrequency ?? "-"} taps/s`;
    case "PAIN":
      return `worst pain ${record.resultSnapshot.maxSeverity ?? "-"}`;
    case "ARTHRITIS":
      return `composite ${record.resultSnapshot.compositeScore ?? "-"}`;
    case "QUICKDASH":
      return `QuickDASH ${record.resultSnapshot.quickDashScore.toFixed(2)} over ${record.resultSnapshot.answeredCount} items`;
    case "GRIP":
      return `grip ${record.resultSnapshot.meanKg} kg, best ${record.resultSnapshot.bestKg} kg`;
    case "PRWE":
      return `PRWE ${record.resultSnapshot.prweScore} (pain ${record.resultSnapshot.painScore}, function ${record.resultSnapshot.functionScore})`;
  }
}

export async function runFlow(baseUrl: string, token: string): Promise<FlowResult> {
  const client = createClient<paths>({ baseUrl });
  const signedIn = { headers: { Authorization: `Bearer ${token}` } };

  // Submit a range-of-motion result without a token: an anonymous record with a share code.
  const submitted = await client.POST("/assessments/rom", {
    body: {
      hand: "LEFT",
      overallScore: 72,
      wristScore: 80,
      joints: [{ finger: "INDEX", jointType: "MCP", rom: 82, normalRange: [0, 90], flexibilityScore: 91 }],
    },
  });
  if (!submitted.data) fail("submit", submitted.response.status);

  // Look it up by its code, as anyone with the code can.
  const lookedUp = await client.GET("/lookup/{code}", { params: { path: { code: submitted.data.formattedCode } } });
  if (!lookedUp.data) fail("lookup", lookedUp.response.status);

  // A QuickDASH questionnaire (one item unanswered), looked up the same way.
  const questionnaire = await client.POST("/assessments/quickdash", {
    body: { hand: "RIGHT", responses: [2, 3, 1, 4, 2, null, 3, 2, 1, 5, 2] },
  });
  if (!questionnaire.data) fail("submit questionnaire", questionnaire.response.status);
  const questionnaireLookup = await client.GET("/lookup/{code}", { params: { path: { code: questionnaire.data.code } } });
  if (!questionnaireLookup.data) fail("questionnaire lookup", questionnaireLookup.response.status);

  // Claim it for the signed-in patient.
  const claimed = await client.POST("/lookup/{code}/claim", { params: { path: { code: submitted.data.code } }, ...signedIn });
  if (!claimed.data) fail("claim", claimed.response.status);

  // A second result, submitted signed in (owned from the start).
  const second = await client.POST("/assessments/rom", { body: { hand: "RIGHT", overallScore: 64 }, ...signedIn });
  if (!second.data) fail("second submit", second.response.status);

  // A report of the two codes, and its PDF.
  const report = await client.POST("/reports", {
    body: { title: "Both hands", assessmentCodes: [submitted.data.code, second.data.code] },
    ...signedIn,
  });
  if (!report.data) fail("report", report.response.status);
  const pdf = await client.GET("/reports/{code}/pdf", { params: { path: { code: report.data.code } }, parseAs: "arrayBuffer" });
  if (!pdf.data) fail("pdf", pdf.response.status);

  // The patient's scores: integer paging parameters, a named enumeration for the hand.
  const scores = await client.GET("/patients/me/scores", { params: { query: { limit: 20, offset: 0 } }, ...signedIn });
  if (!scores.data) fail("scores", scores.response.status);

  return {
    lookedUpType: lookedUp.data.assessmentType,
    lookedUpFigure: kindFigure(lookedUp.data),
    questionnaireFigure: kindFigure(questionnaireLookup.data),
    claimedCode: claimed.data.code,
    reportCount: report.data.assessmentCount,
    pdfBytes: pdf.data.byteLength,
    scoreCount: scores.data.scores.length,
    scoreTotal: scores.data.total,
  };
}
