import { useTranslations } from "next-intl";
import { PageHeading } from "@/components/ui";
import { setPageStatus } from "@/lib/web/page-status";

/** What /a and /r show while the database cannot be reached: a 503 and a way to try again. */
export function Unavailable({ path, what }: { path: string; what: "result" | "report" }) {
  setPageStatus(503, { "retry-after": "5" });
  const t = useTranslations("assessmentPage");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title={t("unavailableTitle")}>
        <p>{what === "result" ? t("unavailableResult") : t("unavailableReport")}</p>
      </PageHeading>
      <a
        href={path}
        className="inline-flex items-center justify-center rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
      >
        {t("tryAgain")}
      </a>
    </div>
  );
}
