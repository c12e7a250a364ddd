// The languages the pages, the PDF and the e-mails speak, and how one is chosen for a request:
// the reader's explicit choice (the `locale` cookie the language switcher sets) wins, then the
// browser's Accept-Language in its own order of preference, then English.
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "locale";

/** The region whose number and date conventions each language follows where the reader's own are not known. */
export const FORMAT_LOCALES: Record<Locale, string> = { en: "en-GB", es: "es-ES" };

/** The language names as a reader of that language writes them (the switcher shows these). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Accept-Language ranges by descending quality (RFC 9110 §12.5.4); a malformed entry is skipped. */
function preferredLanguages(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { range: range.trim().toLowerCase(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ range, quality }) => /^[a-z]{1,8}(-[a-z0-9]{1,8})*$|^\*$/.test(range) && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ range }) => range);
}

export function negotiateLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  for (const range of preferredLanguages(acceptLanguage ?? "")) {
    const primary = range.split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The language an API request asks for (the web proxy sets Accept-Language from the switcher's choice). */
export function requestLocale(headers: Headers): Locale {
  return negotiateLocale(undefined, headers.get("accept-language"));
}
