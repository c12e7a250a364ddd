// Whose clock a document's dates are read on: an IANA time zone and a locale, through Intl. The
// report page shows the viewer's own; the PDF and the e-mail the clock of whoever asked for them
// (the page sends its browser's), named in the document; without one, UTC in British English.
import { z } from "zod";
import { DEFAULT_LOCALE, FORMAT_LOCALES, type Locale } from "@/lib/i18n/locales";

export interface Clock {
  timeZone: string;
  locale: string;
}

export const UTC_CLOCK: Clock = { timeZone: "UTC", locale: "en-GB" };

/** Area/Location names (and UTC): no offsets or abbreviations such as "+05:00" or "EST". */
const IANA_NAME = /^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/;

function resolvedZone(value: string): string | null {
  if (!IANA_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function canonicalLocale(value: string): string | null {
  try {
    const [locale] = Intl.getCanonicalLocales(value);
    return locale && Intl.DateTimeFormat.supportedLocalesOf(locale).length ? locale : null;
  } catch {
    return null;
  }
}

export const timeZoneField = z
  .string()
  .max(64)
  .transform((value, context) => {
    const zone = resolvedZone(value);
    if (zone === null) context.addIssue({ code: "custom", message: "must be an IANA time zone such as Europe/Madrid" });
    return zone ?? value;
  })
  .describe("IANA time zone the document's dates are shown in, e.g. America/New_York (default UTC)");

export const localeField = z
  .string()
  .max(35)
  .transform((value, context) => {
    const locale = canonicalLocale(value);
    if (locale === null) context.addIssue({ code: "custom", message: "must be a language tag such as en-US" });
    return locale ?? value;
  })
  .describe("Language tag the document's dates are written for, e.g. en-US (default en-GB)");

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

// Intl formatters are costly to make: one per kind and clock.
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatOn(clock: Clock, kind: Kind, iso: string): string {
  const key = `${kind}|${clock.locale}|${clock.timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(clock.locale, { ...OPTIONS[kind], timeZone: clock.timeZone });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}
