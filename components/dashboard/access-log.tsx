"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Show } from "@/components/patients/loadable";
import type { AccessLog } from "@/components/clinics/types";
import { Card } from "@/components/ui";
import { Pagination } from "@/components/ui/pagination";
import type { Messages } from "@/lib/i18n/messages";
import { When } from "@/components/ui/when";
import { query } from "@/lib/web/client";
import { humanize } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

const PAGE = 10;

const ROLES = ["admin", "care_provider", "patient", "anonymous"] as const;
type Role = (typeof ROLES)[number];
const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

type Entry = AccessLog["entries"][number];
type Action = keyof Messages["dashboard"]["accessLog"]["actions"];

/** "Who looked at my record": reads and changes by anyone but the patient, newest first. */
export function AccessLogPanel() {
  const [offset, setOffset] = useState(0);
  const log = useProxy<AccessLog>(`/me/access-log${query({ limit: PAGE, offset })}`);
  const t = useTranslations("dashboard.accessLog");
  const role = (name: string) => (isRole(name) ? t(`roles.${name}`) : humanize(name));
  // The API names each action in English words (lib/access PATIENT_ACTIONS); a new one reads as sent.
  const what = (words: string) => {
    const key = `actions.${words.replace(/ /g, "_") as Action}` as const;
    return t.has(key) ? t(key) : words.charAt(0).toUpperCase() + words.slice(1);
  };
  const who = (entry: Entry) => entry.name ?? role(entry.role);
  return (
    <Card title={t("title")}>
      <Show value={log} label={t("what")} minHeight="min-h-40">
        {({ entries, total }) =>
          total === 0 ? (
            <p className="text-sm text-slate-700">{t("none")}</p>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-700">{t("intro", { total })}</p>
              <ol className="divide-y divide-slate-100" aria-label={t("title")}>
                {entries.map((entry, index) => (
                  <li key={`${entry.at}-${index}`} className="grid gap-x-4 gap-y-0.5 py-2.5 text-sm sm:grid-cols-[11rem_1fr]">
                    <div className="text-slate-700">
                      <When value={entry.at} kind="datetime" />
                    </div>
                    <div className="min-w-0 [overflow-wrap:anywhere]">
                      <span className="font-semibold text-slate-900">{who(entry)}</span>
                      {entry.name && <span className="text-slate-700"> · {role(entry.role)}</span>}
                      {entry.clinics.length > 0 && <span className="text-slate-700"> · {entry.clinics.join(", ")}</span>}
                      <div className="text-slate-800">{entry.whats.map(what).join(", ")}</div>
                    </div>
                  </li>
                ))}
              </ol>
              <Pagination label={t("pages")} offset={offset} limit={PAGE} total={total} onChange={setOffset} />
            </>
          )
        }
      </Show>
    </Card>
  );
}
