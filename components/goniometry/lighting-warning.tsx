import { Alert } from "@/components/ui";
import { lightingWarning } from "@/lib/report-view/present";

const TEXT = {
  several: (count: number) =>
    `${count} of these results ${count === 1 ? "was" : "were"} recorded in poor lighting: their measured angles and touches may be less accurate.`,
};

/** The warning results recorded in poor light carry, wherever they are shown; nothing when none was. */
export function LightingWarning({ records }: { records: Array<{ resultSnapshot: Record<string, unknown> }> }) {
  const warnings = records.map(lightingWarning).filter((text) => text !== null);
  if (warnings.length === 0) return null;
  return (
    <div data-testid="lighting-warning">
      <Alert kind="warning">{records.length === 1 ? warnings[0] : TEXT.several(warnings.length)}</Alert>
    </div>
  );
}
