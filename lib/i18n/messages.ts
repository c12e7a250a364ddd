// The message catalogue: one file per language under messages/, English the reference. Server
// code (pages, the PDF, e-mails) translates through translator(); client components get their
// strings as props, so no catalogue ships to the browser.
import { createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import type { Locale } from "@/lib/i18n/locales";

export type Messages = typeof en;
export const MESSAGES: Record<Locale, Messages> = { en, es };

/** The namespaces client components translate with (the layout sends only these to the browser). */
export const CLIENT_NAMESPACES = ["error", "codeBox", "trySample", "goniometry"] as const satisfies readonly (keyof Messages)[];

/** A translator for one language outside a page render (the PDF, e-mails). */
export function translator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale] });
}
