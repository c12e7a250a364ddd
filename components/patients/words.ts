// The words the patient panels share, in the page's language: hands, assessment kinds, journal
// entry types and numbers. A value the catalogue does not name yet reads as the API sent it.
import { useFormatter, useTranslations } from "next-intl";
import { KINDS, type Kind } from "@/lib/assessments/kinds";
import { humanize, typeLabel } from "@/lib/web/format";

const HANDS = ["LEFT", "RIGHT", "BOTH"] as const;
const KIND_TYPES = Object.keys(KINDS) as Kind[];
const ENTRY_TYPES = ["AD_HOC_CHECK_IN", "PRE_ASSESSMENT", "POST_ASSESSMENT", "INITIAL_INTAKE"] as const;

const among = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

export function usePatientWords() {
  const t = useTranslations("patientForms");
  const format = useFormatter();
  return {
    hand: (hand: string) => (among(HANDS, hand) ? t(`hands.${hand}`) : hand),
    kind: (type: string) => (among(KIND_TYPES, type) ? t(`kinds.${type}`) : typeLabel(type)),
    entryType: (type: string) => (among(ENTRY_TYPES, type) ? t(`journal.types.${type}`) : humanize(type)),
    /** Up to `digits` decimals, in the reader's notation (72.5, 72,5); "—" for no number. */
    number: (value: unknown, digits = 0) =>
      typeof value === "number" && Number.isFinite(value) ? format.number(value, { maximumFractionDigits: digits }) : "—",
  };
}
