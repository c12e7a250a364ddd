"use client";
// The reader's language choice, kept in the `locale` cookie that i18n/request.ts reads first; the
// page reloads so that server-rendered text follows.
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

export function LanguageSwitcher({ current, label }: { current: Locale; label: string }) {
  return (
    <label className="flex items-center gap-1 text-slate-700">
      <span className="sr-only">{label}</span>
      <select
        value={current}
        aria-label={label}
        className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal-700"
        onChange={(event) => {
          document.cookie = `${LOCALE_COOKIE}=${event.target.value}; path=/; max-age=31536000; samesite=lax`;
          window.location.reload();
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
