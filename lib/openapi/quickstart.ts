// The developers page's quick start: each step's request and a sample of its answer, beside the
// endpoint contract it calls. lib/openapi/quickstart.test.ts parses every request with the
// contract's body schema and every sample with its response schema, so the page cannot drift
// from the API.
import type { Endpoint } from "@/lib/api/endpoint";
import { rom } from "@/lib/assessments/kinds/rom";
import { romContract } from "@/lib/assessments/kinds/rom-contract";
import { lookupEndpoint } from "@/lib/lookup/schemas";
import { createReportEndpoint, reportPdfEndpoint } from "@/lib/reports/schemas";

export interface QuickStartStep {
  title: string;
  what: string;
  endpoint: Endpoint;
  /** The concrete path under /api. */
  path: string;
  body?: Record<string, unknown>;
  /** Save the answer to this file (binary answers). */
  output?: string;
  status: number;
  sample?: Record<string, unknown>;
}

export const QUICK_START: QuickStartStep[] = [
  {
    title: "Submit a result",
    what: "Send a scored range-of-motion result. Without a token the record is anonymous (kept 90 days, claimable later); with one it is the caller's.",
    endpoint: romContract.submission.endpoint,
    path: "/assessments/rom",
    body: {
      hand: "LEFT",
      overallScore: 72,
      wristScore: 80,
      fingerScore: 65,
      joints: [{ finger: "INDEX", jointType: "MCP", rom: 82, normalRange: [0, 90] }],
    },
    status: 201,
    sample: { id: 41, code: "ABC234", formattedCode: "ABC-234", overallScore: 72, wristScore: 80, fingerScore: 65 },
  },
  {
    title: "Look it up by its code",
    what: "Anyone with the code reads the result (any case, dash optional). Each lookup counts a view.",
    endpoint: lookupEndpoint,
    path: "/lookup/ABC-234",
    status: 200,
    sample: {
      code: "ABC234",
      formattedCode: "ABC-234",
      assessmentType: rom.type,
      hand: "LEFT",
      dateCreated: "2026-03-02T09:14:05.000Z",
      resultSnapshot: { overallScore: 72, wristScore: 80, fingerScore: 65 },
      isAnonymous: true,
      isSample: false,
      expiresAt: "2026-05-31T09:14:05.000Z",
      viewCount: 1,
      results: {
        joints: [{ hand: "LEFT", finger: "INDEX", jointType: "MCP", minAngle: 3, maxAngle: 85, rom: 82, normalRange: [0, 90] }],
      },
    },
  },
  {
    title: "Bundle codes into a report",
    what: "Up to 20 codes become one report with its own code, a PDF and a plain-language explanation.",
    endpoint: createReportEndpoint,
    path: "/reports",
    body: { title: "Both hands, March", assessmentCodes: ["ABC-234", "DEF-567"] },
    status: 200,
    sample: {
      code: "XYZ789",
      formattedCode: "XYZ-789",
      title: "Both hands, March",
      createdAt: "2026-03-02T09:20:11.000Z",
      assessmentCount: 2,
    },
  },
  {
    title: "Download the report's PDF",
    what: "The report as a PDF, ready to print or attach.",
    endpoint: reportPdfEndpoint,
    path: "/reports/XYZ-789/pdf",
    output: "report.pdf",
    status: 200,
  },
];

/** The step as a curl command against `origin`. */
export function curlCommand(step: QuickStartStep, origin: string): string {
  const lines = [`curl${step.endpoint.method === "GET" ? "" : ` -X ${step.endpoint.method}`} ${origin}/api${step.path}`];
  if (step.body) lines.push(`  -H 'content-type: application/json'`, `  -d '${JSON.stringify(step.body)}'`);
  if (step.output) lines.push(`  -o ${step.output}`);
  return lines.join(" \\\n");
}
