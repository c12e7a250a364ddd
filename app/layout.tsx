import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site/header";
import type { Locale } from "@/lib/i18n/locales";
import { clientMessages } from "@/lib/i18n/messages";
import { isDevAuth, webSignInEnabled } from "@/lib/env";
import { currentUser } from "@/lib/web/auth";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("site");
  return { title: { default: t("name"), template: `%s · ${t("name")}` }, description: t("description") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page depends on who is signed in.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations("site");
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased print:bg-white">
        <a
          href="#main"
          className="sr-only focus:not-sr-only print:hidden focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-teal-800"
        >
          {t("skipToContent")}
        </a>
        <SiteHeader user={user} devMode={isDevAuth()} canSignIn={webSignInEnabled()} locale={locale} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10 print:p-0">
          <NextIntlClientProvider locale={locale} messages={clientMessages(locale)}>
            {children}
          </NextIntlClientProvider>
        </main>
        <footer className="border-t border-slate-200 bg-white print:hidden">
          <div className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-700">{t("footer")}</div>
        </footer>
      </body>
    </html>
  );
}
