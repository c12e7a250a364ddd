// The provider list's first request: the server renders it for the first paint and the table
// (a client component) recognises it, so it is not fetched twice.
import { query } from "@/lib/web/client";

export const PAGE = 20;
export const FIRST_PAGE_PATH = `/patients${query({ sort: "name", limit: PAGE, offset: 0 })}`;

export interface PatientRow {
  id: number;
  name: string | null;
  hand: string | null;
  injury: string | null;
  lastAssessment: string | null;
  score: number | null;
  trend: "improving" | "declining" | "stable";
  needsAttention: boolean;
  attentionReasons: Array<{ text: string }>;
  tests: Array<{ trend: "improving" | "declining" | "stable" | "insufficient" }>;
  assessmentCount: number;
}

export interface PatientPage {
  patients: PatientRow[];
  total: number;
}
