// The one number lists show for an assessment, kept apart from the figures (./snapshot-figures.tsx)
// so the browser's lists do not load the message catalogue with it.
import { headlineScore as kindHeadline } from "@/lib/assessments/kinds";

/** The one number a list shows for an assessment: its kind's headline (0-100, higher is better). */
export function headlineScore(type: string, snapshot: Record<string, unknown>): number | null {
  return kindHeadline(type, snapshot);
}
