"use client";
import { useTranslations } from "next-intl";
import { Alert, Button, PageHeading } from "@/components/ui";

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("error");
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeading title={t("heading")} />
      <Alert>{t("text")}</Alert>
      <Button onClick={reset}>{t("retry")}</Button>
    </div>
  );
}
