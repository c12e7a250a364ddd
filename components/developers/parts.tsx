// What the developer pages share: their navigation (quick start, tokens, endpoints, the
// reference, contact) and the copyable code block.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { cx } from "@/components/ui";

export const linkStyle = "font-semibold text-teal-800 underline underline-offset-2";

const PAGES = [
  ["start", "/developers"],
  ["tokens", "/developers/tokens"],
  ["endpoints", "/developers/endpoints"],
  ["reference", "/developers/api"],
  ["contact", "/developers/contact"],
] as const;

export type DeveloperPage = (typeof PAGES)[number][0];

export function DeveloperNav({ current }: { current: DeveloperPage }) {
  const t = useTranslations("developers.nav");
  return (
    <nav aria-label={t("label")} className="-mt-2 mb-6">
      <ul className="flex flex-wrap gap-2 text-sm">
        {PAGES.map(([page, href]) => (
          <li key={page}>
            <Link
              href={href}
              aria-current={page === current ? "page" : undefined}
              className={cx(
                "inline-block rounded-full border px-3 py-1 font-medium",
                page === current ? "border-teal-700 bg-teal-700 text-white" : "border-slate-300 bg-white text-teal-800 hover:bg-slate-100",
              )}
            >
              {t(page)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Code({ label, children }: { label: string; children: string }) {
  return (
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-50"
    >
      <code>{children}</code>
    </pre>
  );
}
