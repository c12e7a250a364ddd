import Link from "next/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui";

/** Shown on a sample result instead of its claim and e-mail actions. */
export function SampleNotice() {
  const t = useTranslations("assessmentPage");
  return (
    <Alert kind="info">
      <strong>{t("sampleTitle")}</strong> {t("sampleText")}{" "}
      <Link href="/" className="font-semibold underline underline-offset-2">
        {t("sampleBack")}
      </Link>
    </Alert>
  );
}
