"use client";
import { useState } from "react";
import { Show } from "@/components/patients/loadable";
import type { AccessLog } from "@/components/clinics/types";
import { Card } from "@/components/ui";
import { Pagination } from "@/components/ui/pagination";
import { When } from "@/components/ui/when";
import { query } from "@/lib/web/client";
import { humanize } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

const PAGE = 10;

const ROLE_NAMES: Record<string, string> = {
  admin: "Service admin",
  care_provider: "Clinician",
  patient: "Patient",
  anonymous: "Someone with a sharing code",
};

type Entry = AccessLog["entries"][number];

const who = (entry: Entry) => entry.name ?? ROLE_NAMES[entry.role] ?? humanize(entry.role);

/** "Who looked at my record": reads and changes by anyone but the patient, newest first. */
export function AccessLogPanel() {
  const [offset, setOffset] = useState(0);
  const log = useProxy<AccessLog>(`/me/access-log${query({ limit: PAGE, offset })}`);
  return (
    <Card title="Who looked at my record">
      <Show value={log} label="who looked at your record" minHeight="min-h-40">
        {({ entries, total }) =>
          total === 0 ? (
            <p className="text-sm text-slate-700">Nobody else has looked at your record yet. Every look will be listed here.</p>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-700">Every time someone else opened your record, newest first ({total} in all).</p>
              <ol className="divide-y divide-slate-100" aria-label="Who looked at my record">
                {entries.map((entry, index) => (
                  <li key={`${entry.at}-${index}`} className="grid gap-x-4 gap-y-0.5 py-2.5 text-sm sm:grid-cols-[11rem_1fr]">
                    <div className="text-slate-700">
                      <When value={entry.at} kind="datetime" />
                    </div>
                    <div className="min-w-0 [overflow-wrap:anywhere]">
                      <span className="font-semibold text-slate-900">{who(entry)}</span>
                      {entry.name && <span className="text-slate-700"> · {ROLE_NAMES[entry.role] ?? humanize(entry.role)}</span>}
                      {entry.clinics.length > 0 && <span className="text-slate-700"> · {entry.clinics.join(", ")}</span>}
                      <div className="text-slate-800">{entry.what.charAt(0).toUpperCase() + entry.what.slice(1)}</div>
                    </div>
                  </li>
                ))}
              </ol>
              <Pagination label="Access log pages" offset={offset} limit={PAGE} total={total} onChange={setOffset} />
            </>
          )
        }
      </Show>
    </Card>
  );
}
