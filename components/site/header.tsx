import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/site/language-switcher";
import { SignOutButton } from "@/components/site/sign-out";
import type { Locale } from "@/lib/i18n/locales";
import type { WebUser } from "@/lib/web/auth";

function NavLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="rounded-md px-2 py-1 text-slate-800 hover:bg-slate-100 hover:text-slate-950 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      {children}
    </Link>
  );
}

/** `canSignIn` is false on an API-only server (identity provider for tokens, no web sign-in). */
export async function SiteHeader({
  user,
  devMode,
  canSignIn,
  locale,
}: {
  user: WebUser | null;
  devMode: boolean;
  canSignIn: boolean;
  locale: Locale;
}) {
  const t = await getTranslations("site");
  const staff = user?.roles.some((role) => role === "care_provider" || role === "admin");
  const patient = user && (user.roles.length === 0 || user.roles.includes("patient"));
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      {devMode && <p className="bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-amber-950">{t("devBanner")}</p>}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-bold text-teal-800">
          {t("name")}
        </Link>
        <nav aria-label={t("nav.label")} className="flex flex-wrap items-center gap-1 text-sm font-medium">
          {patient && <NavLink href="/dashboard">{t("nav.dashboard")}</NavLink>}
          {staff && <NavLink href="/provider">{t("nav.patients")}</NavLink>}
          <NavLink href="/reports/new">{t("nav.newReport")}</NavLink>
          <NavLink href="/developers">{t("nav.developers")}</NavLink>
        </nav>
        <div className="flex items-center gap-2 text-sm">
          <LanguageSwitcher current={locale} label={t("language")} />
          {user ? (
            <>
              <span className="max-w-40 truncate text-slate-700" title={user.email ?? undefined}>
                {user.name ?? user.email ?? t("signedIn")}
              </span>
              <SignOutButton label={t("signOut")} />
            </>
          ) : (
            canSignIn && (
              <Link
                href="/signin"
                className="rounded-lg bg-teal-700 px-3 py-1.5 font-semibold text-white hover:bg-teal-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
              >
                {t("signIn")}
              </Link>
            )
          )}
        </div>
      </div>
    </header>
  );
}
