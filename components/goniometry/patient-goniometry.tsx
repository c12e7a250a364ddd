"use client";
// The provider's patient page: the patient's range-of-motion records as one goniometry table per
// hand (GET /patients/{id}/assessments?type=ROM, which carries each record's joints).
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { GoniometryTables } from "@/components/goniometry/goniometry-table";
import { LightingWarning } from "@/components/goniometry/lighting-warning";
import { Show } from "@/components/patients/loadable";
import { Card } from "@/components/ui";
import { goniometryTables, measurementsFromHistory } from "@/lib/assessments/goniometry";
import type { assessmentsResponse } from "@/lib/patients/schemas";
import { useProxy } from "@/lib/web/use-proxy";

/** The first measurement and the latest seven: eight dates fit a wide screen. */
const COLUMNS = 8;
/** Range-of-motion records read: enough for weekly measurement over two years. */
const RECORDS = 100;

export function PatientGoniometry({ patientId }: { patientId: number }) {
  const t = useTranslations("goniometry");
  const history = useProxy<z.output<typeof assessmentsResponse>>(`/patients/${patientId}/assessments?type=ROM&limit=${RECORDS}`);
  return (
    <Card title={t("heading")}>
      <Show value={history} label={t("loadLabel")}>
        {({ assessments }) => {
          const tables = goniometryTables(measurementsFromHistory(assessments), COLUMNS);
          return tables.length ? (
            <div className="space-y-3">
              <LightingWarning records={assessments} />
              <GoniometryTables tables={tables} />
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t("noneMeasured")}</p>
          );
        }}
      </Show>
    </Card>
  );
}
