// The questionnaires the browser asks, each described once: its items and their answer scales
// (the words are the catalogue's, under measuring.<slug>), how many may be left out, and the
// kind's own scoring function, so the page shows the score the API will store. A new
// questionnaire (PRWE) is one more entry here, its words and its slug in ./slugs.ts.
import { dashScore, quickdash } from "@/lib/assessments/kinds/quickdash";
import type { QuestionnaireSlug } from "@/lib/measure/slugs";

export const QUICKDASH_SCALES = ["difficulty", "interfered", "limited", "severity", "sleep"] as const;
export const QUICKDASH_ITEMS = ["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9", "i10", "i11"] as const;

export interface Questionnaire {
  slug: QuestionnaireSlug;
  /** The submission endpoint under /api. */
  path: string;
  minutes: number;
  items: readonly { key: (typeof QUICKDASH_ITEMS)[number]; scale: (typeof QUICKDASH_SCALES)[number] }[];
  /** Answer values, in the order the scale's labels are shown (o1…). */
  values: readonly number[];
  /** Items that may be left out and still scored. */
  maxMissing: number;
  perScreen: number;
  score: (answers: readonly (number | null)[]) => number | null;
  /** The change that matters on the score's own scale. */
  mcid: number;
  body: (answers: readonly (number | null)[]) => Record<string, unknown>;
}

const quickdashMcid = quickdash.metrics.find((metric) => metric.key === quickdash.measure)!.mcid!.points;

export const QUESTIONNAIRES: Record<QuestionnaireSlug, Questionnaire> = {
  quickdash: {
    slug: "quickdash",
    path: "/assessments/quickdash",
    minutes: 3,
    items: QUICKDASH_ITEMS.map((key, i) => ({
      key,
      scale: i < 6 ? "difficulty" : i === 6 ? "interfered" : i === 7 ? "limited" : i < 10 ? "severity" : "sleep",
    })),
    values: [1, 2, 3, 4, 5],
    maxMissing: 1,
    perScreen: 3,
    score: dashScore,
    mcid: typeof quickdashMcid === "number" ? quickdashMcid : 0,
    body: (answers) => ({ responses: answers }),
  },
};
