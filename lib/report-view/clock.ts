// Whose clock a document's dates are read on: an IANA time zone and a locale, through Intl. The
// report page shows the viewer's own; the PDF and the e-mail the clock of whoever asked for them
// (the page sends its browser's), named in the document; without one, UTC in British English.
// No schemas here: the report page formats dates with it in the browser; a request's clock fields
// are ./clock-fields.ts.
import { DEFAULT_LOCALE, FORMAT_LOCALES, type Locale } from "@/lib/i18n/locales";

export interface Clock {
  timeZone: string;
  locale: string;
}

export const UTC_CLOCK: Clock = { timeZone: "UTC", locale: "en-GB" };

/** The clock a request names: UTC for a zone it leaves out, and the document's language's conventions (British English by default) for a locale. */
export function clockOf(given: { timeZone?: string; locale?: string }, language: Locale = DEFAULT_LOCALE): Clock {
  return { timeZone: given.timeZone ?? UTC_CLOCK.timeZone, locale: given.locale ?? FORMAT_LOCALES[language] };
}

type Kind = "date" | "dateTime" | "shortDate";

const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  date: { day: "numeric", month: "short", year: "numeric" },
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" },
  shortDate: { day: "numeric", month: "short" },
};

/**
 * Intl formatters are costly to make: one per kind and clock is kept. Requests choose the clock
 * (any valid locale tag and zone), so the cache is bounded: past this many, the least recently
 * used formatter is dropped.
 */
export const FORMATTERS_KEPT = 256;

/** Least recently used first (a Map keeps insertion order; a use moves the formatter to the end). */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatOn(clock: Clock, kind: Kind, iso: string): string {
  const key = `${kind}|${clock.locale}|${clock.timeZone}`;
  let format = formats.get(key);
  if (format) formats.delete(key);
  else {
    format = new Intl.DateTimeFormat(clock.locale, { ...OPTIONS[kind], timeZone: clock.timeZone });
    if (formats.size >= FORMATTERS_KEPT) formats.delete(formats.keys().next().value!);
  }
  formats.set(key, format);
  return format.format(new Date(iso));
}

/** How many formatters are kept now (at most FORMATTERS_KEPT). */
export const formattersKept = () => formats.size;
