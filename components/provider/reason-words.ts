// The attention reasons in the page's language (lib/patients/reason-words.ts), from the
// "attentionReason" namespace the provider pages send and the language's numbers.
import { useFormatter, useTranslations } from "next-intl";
import { reasonTexts, type ReasonWords } from "@/lib/patients/reason-words";
import type { AttentionReason, TestStanding } from "@/lib/patients/schemas";

export function useReasonTexts(p: { attentionReasons: AttentionReason[]; tests: TestStanding[] }): string[] {
  const t = useTranslations("attentionReason");
  const format = useFormatter();
  const words: ReasonWords = {
    t: (key, values) => t(key, values),
    number: (value, digits = 1) => format.number(value, { maximumFractionDigits: digits, useGrouping: false }),
  };
  return reasonTexts(p.attentionReasons, p.tests, words);
}
