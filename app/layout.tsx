import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site/header";
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
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased print:bg-white">
        <a
          href="#main"
          className="sr-only focus:not-sr-only print:hidden focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-teal-800"
        >
          Skip to content
        </a>
        <SiteHeader user={user} devMode={isDevAuth()} canSignIn={webSignInEnabled()} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10 print:p-0">
          {children}
        </main>
        <footer className="border-t border-slate-200 bg-white print:hidden">
          <div className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-700">
            Results are measurements to discuss with a clinician. They are not a medical diagnosis.
          </div>
        </footer>
      </body>
    </html>
  );
}
