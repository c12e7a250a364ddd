"use client";
// A date or time as the viewer reads it: their locale, and for instants their time zone. The
// server does not know either, so the first paint (server HTML and hydration) shows the instant
// in UTC, saying so, and the browser then re-renders it in local terms; calendar days (a date of
// birth, a score day) are never shifted across time zones. Both are written in the page's
// language: the browser's own conventions when it reads that language, else the language's.
import { useLocale } from "next-intl";
import { useSyncExternalStore } from "react";
import { FORMAT_LOCALES } from "@/lib/i18n/locales";

export type WhenKind = "date" | "datetime" | "day" | "shortDay";

const OPTIONS: Record<WhenKind, Intl.DateTimeFormatOptions> = {
  date: { day: "numeric", month: "short", year: "numeric" },
  datetime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
  day: { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" },
  shortDay: { day: "numeric", month: "short", timeZone: "UTC" },
};

type Language = keyof typeof FORMAT_LOCALES;

/** The browser's own locale when it is of `language`, else the language's conventions. */
function readerLocale(language: Language): string {
  const own = Intl.DateTimeFormat().resolvedOptions().locale;
  return own.split("-")[0] === language ? own : FORMAT_LOCALES[language];
}

// One formatter per kind, reader and language (making one per call, as toLocaleString does, is what costs).
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: WhenKind, local: boolean, language: Language): Intl.DateTimeFormat {
  const key = `${kind}:${local}:${language}`;
  let format = formats.get(key);
  if (!format) {
    format = local
      ? new Intl.DateTimeFormat(readerLocale(language), OPTIONS[kind])
      : new Intl.DateTimeFormat(FORMAT_LOCALES[language], { ...OPTIONS[kind], timeZone: "UTC" });
    formats.set(key, format);
  }
  return format;
}

/** `value`: an ISO instant, or YYYY-MM-DD for a calendar day ("day", "shortDay"); in English unless `language` says otherwise. */
export function formatWhen(value: string, kind: WhenKind, local: boolean, language: Language = "en"): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return "—";
  const calendar = kind === "day" || kind === "shortDay";
  const text = formatter(kind, local, language).format(date);
  return local || calendar || kind === "date" ? text : `${text} UTC`;
}

const subscribe = () => () => {};

export function When({ value, kind = "datetime" }: { value: string | null | undefined; kind?: WhenKind }) {
  const language = useLocale();
  const local = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!value) return <>—</>;
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {formatWhen(value, kind, local, language)}
    </time>
  );
}

/** The same as plain text (no <time> element), for places that take text only, such as an SVG label. */
export function WhenText({ value, kind }: { value: string; kind: WhenKind }) {
  const language = useLocale();
  const local = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return <>{formatWhen(value, kind, local, language)}</>;
}

const serverClock = () => null;
let viewerClock: { timeZone: string; locale: string } | null = null;
const readViewerClock = () => {
  if (!viewerClock) {
    const { timeZone, locale } = Intl.DateTimeFormat().resolvedOptions();
    viewerClock = { timeZone, locale };
  }
  return viewerClock;
};

/** The browser's time zone and locale (null while rendering on the server): what a document made for this viewer is dated on. */
export function useViewerClock(): { timeZone: string; locale: string } | null {
  return useSyncExternalStore(subscribe, readViewerClock, serverClock);
}
