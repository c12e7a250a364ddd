// A result recorded in poor light, or with too few usable camera frames: how many frames were
// usable where the app counted them, and a way to measure again in better light.
import { LinkButton } from "@/components/ui";
import { recordedInPoorLight } from "@/lib/assessments/goniometry";
import { MIN_VALID_FRAMES_PERCENT } from "@/lib/assessments/kinds/thresholds";
import type { Words } from "@/lib/report-view/words";

/** The share of the wrist's camera frames that were usable (ROM results), or null when not counted. */
function usableShare(results: unknown): number | null {
  const wrist = typeof results === "object" && results !== null ? (results as { wrist?: unknown }).wrist : null;
  const share = typeof wrist === "object" && wrist !== null ? (wrist as { percent_valid_frames?: unknown }).percent_valid_frames : null;
  return typeof share === "number" && Number.isFinite(share) ? share : null;
}

export function PoorLightNotice({
  record,
  w,
}: {
  record: { resultSnapshot: Record<string, unknown>; results?: unknown };
  w: Pick<Words, "t" | "number">;
}) {
  const share = usableShare(record.results);
  if (!recordedInPoorLight(record) && (share === null || share >= MIN_VALID_FRAMES_PERCENT)) return null;
  return (
    <div
      role="status"
      data-testid="lighting-warning"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{share === null ? w.t("assessmentPage.poorLightNoShare") : w.t("assessmentPage.poorLight", { percent: w.number(share, 0) })}</p>
      <LinkButton href="/measure" prefetch={false} variant="secondary" className="shrink-0 whitespace-nowrap">
        {w.t("assessmentPage.measureAgain")}
      </LinkButton>
    </div>
  );
}
