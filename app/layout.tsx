import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site/header";
import type { Locale } from "@/lib/i18n/locales";
import { isDevAuth, webSignInEnabled } from "@/lib/env";
import { currentUser } from "@/lib/web/auth";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Hand Assessment", template: "%s · Hand Assessment" },
  description: "Clinical hand assessments: range of motion, dexterity, pain and arthritis, shared by code.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page depends on who is signed in.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations("site");
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-teal-800"
        >
          {t("skipToContent")}
        </a>
        <SiteHeader user={user} devMode={isDevAuth()} canSignIn={webSignInEnabled()} locale={locale} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10">
          {children}
        </main>
        <footer className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-700">
            {t("footer")}
          </div>
        </footer>
      </body>
    </html>
  );
}
