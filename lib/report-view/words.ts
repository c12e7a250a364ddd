// The language a report view is written in: the catalogue's translator for sentences and its
// tables (messages/<locale>.json, "view") for the stored vocabularies, with the number format of
// that language. The pages, the PDF and the lookup page pass one; English is the default, so
// callers that write in English only (the explanation, FHIR) stay as they were.
import { DEFAULT_LOCALE, FORMAT_LOCALES, type Locale } from "@/lib/i18n/locales";
import { roundTo, type SummaryWords } from "@/lib/assessments/kinds/kind";
import { MESSAGES, translator, type Messages } from "@/lib/i18n/messages";
import type { MeasureWords } from "@/lib/report-view/measure";

export interface Words {
  locale: Locale;
  t: ReturnType<typeof translator>;
  /** The catalogue's "view" tables (hands, metrics, tokens, labels). */
  table: Messages["view"];
  /** Numbers as this language writes them ("12.5", "12,5"): at most `digits` decimals, no grouping. */
  number(value: number, digits?: number): string;
  /** The catalogue's "measure" words with this language's numbers: what lib/report-view/measure.ts writes with. */
  measure: MeasureWords & Messages["measure"];
}

const cache = new Map<Locale, Words>();

export function wordsFor(locale: Locale): Words {
  let words = cache.get(locale);
  if (!words) {
    const formats = new Map<number, Intl.NumberFormat>();
    const number = (value: number, digits = 1) => {
      let format = formats.get(digits);
      if (!format) {
        format = new Intl.NumberFormat(FORMAT_LOCALES[locale], { maximumFractionDigits: digits, useGrouping: false });
        formats.set(digits, format);
      }
      // Rounded as every surface rounds (roundTo), then written in the language's way.
      return format.format(Number(roundTo(value, digits)));
    };
    words = { locale, t: translator(locale), table: MESSAGES[locale].view, number, measure: { ...MESSAGES[locale].measure, number } };
    cache.set(locale, words);
  }
  return words;
}

export const ENGLISH: Words = wordsFor(DEFAULT_LOCALE);

/** The words the kinds write their history lines with (the catalogue's "summaryLine"), in the language of `w`. */
export function summaryWords(w: Words): SummaryWords {
  return { say: (key, values) => w.t(`summaryLine.${key}` as never, values as never), number: w.number };
}

/** The entry of a catalogue table for a stored token, or `fallback` for a token the catalogue does not name. */
export function entry(table: Record<string, string>, key: string, fallback: string): string {
  return Object.hasOwn(table, key) ? table[key]! : fallback;
}
