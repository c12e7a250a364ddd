import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui";
import { recordedInPoorLight } from "@/lib/assessments/goniometry";

/** The warning results recorded in poor light carry, wherever they are shown; nothing when none was. */
export function LightingWarning({ records }: { records: Array<{ resultSnapshot: Record<string, unknown> }> }) {
  const t = useTranslations("goniometry");
  const count = records.filter(recordedInPoorLight).length;
  if (count === 0) return null;
  return (
    <div data-testid="lighting-warning">
      <Alert kind="warning">{records.length === 1 ? t("poorLighting") : t("poorLightingSeveral", { count })}</Alert>
    </div>
  );
}
