"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui";

/** Previous/next paging over `total` items, `limit` per page. */
export function Pagination({
  offset,
  limit,
  total,
  onChange,
  label,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  label: string;
}) {
  const t = useTranslations("ui");
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2 text-sm">
      <Button variant="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        {t("previous")}
      </Button>
      <span className="text-slate-700">{t("pageOf", { page, pages })}</span>
      <Button variant="secondary" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
        {t("next")}
      </Button>
    </nav>
  );
}
