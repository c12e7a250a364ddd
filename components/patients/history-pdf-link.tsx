"use client";
// "Export history (PDF)": GET /patients/{id}/export/pdf through the proxy, its dates on the
// reader's clock (time zone and locale, known once the page runs in the browser; the server's
// first paint links the UTC document).
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { buttonStyles } from "@/components/ui";
import { query } from "@/lib/web/client";

const subscribe = () => () => {};
const readersClock = () => {
  const { timeZone, locale } = Intl.DateTimeFormat().resolvedOptions();
  return query({ timeZone, locale });
};

export function HistoryPdfLink({ patientId }: { patientId: number }) {
  const t = useTranslations("patientDetail");
  const clock = useSyncExternalStore(subscribe, readersClock, () => "");
  return (
    <a className={buttonStyles.secondary} href={`/api/proxy/patients/${patientId}/export/pdf${clock}`} download>
      {t("exportPdf")}
    </a>
  );
}
