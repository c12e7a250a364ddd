// The tests /measure offers, in its order, with how long each takes.
import { QUESTIONNAIRES } from "@/lib/measure/questionnaires";
import type { QuestionnaireSlug } from "@/lib/measure/slugs";

export type MeasureTest = { slug: QuestionnaireSlug | "pain" | "tapping"; minutes: number };

/** Every test the deployment offers: questionnaires named in MEASURE_OFF left out. */
export function measureTests(off: readonly QuestionnaireSlug[]): MeasureTest[] {
  const questionnaires = Object.values(QUESTIONNAIRES)
    .filter((q) => !off.includes(q.slug))
    .map((q) => ({ slug: q.slug, minutes: q.minutes }));
  return [...questionnaires, { slug: "pain", minutes: 2 }, { slug: "tapping", minutes: 1 }];
}
