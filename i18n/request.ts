// next-intl's per-request configuration for pages: the language negotiated from the switcher's
// cookie and the browser's Accept-Language (lib/i18n/locales.ts), with its catalogue.
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, negotiateLocale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";

export default getRequestConfig(async () => {
  const locale = negotiateLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  return { locale, messages: MESSAGES[locale] };
});
