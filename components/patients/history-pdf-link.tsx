"use client";
// "Export history (PDF)" and "(CSV)": GET /patients/{id}/export/pdf or /export through the proxy,
// its dates on the reader's clock (time zone and locale, known once the page runs in the browser;
// the server's first paint links the UTC document).
import { useSyncExternalStore } from "react";
import { buttonStyles } from "@/components/ui";
import { query } from "@/lib/web/client";

const subscribe = () => () => {};
const readersClock = () => {
  const { timeZone, locale } = Intl.DateTimeFormat().resolvedOptions();
  return query({ timeZone, locale });
};

/** `label`: the button's words, from the page's own namespace. */
export function HistoryPdfLink({ patientId, label, format = "pdf" }: { patientId: number; label: string; format?: "pdf" | "csv" }) {
  const clock = useSyncExternalStore(subscribe, readersClock, () => "");
  return (
    <a
      className={buttonStyles.secondary}
      href={`/api/proxy/patients/${patientId}/export${format === "pdf" ? "/pdf" : ""}${clock}`}
      download
    >
      {label}
    </a>
  );
}
