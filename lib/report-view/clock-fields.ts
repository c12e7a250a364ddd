// The fields a request names its clock with (./clock.ts): an IANA time zone and a language tag,
// each checked and made canonical through Intl.
import { z } from "zod";

/** Area/Location names (and UTC): no offsets or abbreviations such as "+05:00" or "EST". */
const IANA_NAME = /^(UTC|[A-Za-z]+([/][A-Za-z0-9_+-]+)+)$/;

/** A BCP 47 language tag's shape: a language, then subtags (script, region, variants) of 1-8 letters or digits. */
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

function resolvedZone(value: string): string | null {
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
  .regex(IANA_NAME, "must be an IANA time zone such as Europe/Madrid")
  .transform((value, context) => {
    const zone = resolvedZone(value);
    if (zone === null) context.addIssue({ code: "custom", message: "must be an IANA time zone such as Europe/Madrid" });
    return zone ?? value;
  })
  .describe("IANA time zone the document's dates are shown in, e.g. America/New_York (default UTC)");

export const localeField = z
  .string()
  .max(35)
  .regex(LANGUAGE_TAG, "must be a language tag such as en-US")
  .transform((value, context) => {
    const locale = canonicalLocale(value);
    if (locale === null) context.addIssue({ code: "custom", message: "must be a language tag such as en-US" });
    return locale ?? value;
  })
  .describe("Language tag the document's dates are written for, e.g. en-US (default en-GB)");
