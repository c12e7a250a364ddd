// A page whose client components translate with namespaces of their own (the dashboard's panels,
// the clinic forms) sends just those, beside the layout's: the rest of the catalogue stays on the
// server.
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { clientMessages, type Messages } from "@/lib/i18n/messages";

export async function PageMessages({ namespaces, children }: { namespaces: readonly (keyof Messages)[]; children: ReactNode }) {
  const locale = (await getLocale()) as Locale;
  return (
    <NextIntlClientProvider locale={locale} messages={clientMessages(locale, namespaces)}>
      {children}
    </NextIntlClientProvider>
  );
}
