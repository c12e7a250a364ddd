// The catalogue's "measure" words in the browser (pages send the namespace), for
// lib/report-view/measure.ts: units, which way is better and the verdict on a change.
import { useFormatter, useTranslations } from "next-intl";
import type { MeasureWords, Verdict } from "@/lib/report-view/measure";

export function useMeasureWords(): MeasureWords & { verdict(verdict: Verdict): string } {
  const t = useTranslations("measure");
  const format = useFormatter();
  return {
    units: {
      score: t("units.score"),
      degree: t("units.degree"),
      second: t("units.second"),
      perSecond: t("units.perSecond"),
      severity: t("units.severity"),
    },
    direction: { higherIsBetter: t("direction.higherIsBetter"), higherIsWorse: t("direction.higherIsWorse") },
    number: (value, digits = 1) => format.number(value, { maximumFractionDigits: digits }),
    verdict: (verdict) => t(`verdict.${verdict}`),
  };
}
