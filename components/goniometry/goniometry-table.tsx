// The goniometry table (lib/assessments/goniometry.ts) on a page: one table per hand, side by side
// on a wide screen; each scrolls sideways on its own when its dates do not fit, opening on the
// latest dates with the joint column fixed. The wrist's rows
// come first, then each finger's joints as extension/flexion with the arc beside, then its TAM.
// Its words are the catalogue's "goniometry" namespace, which the browser has too (the provider's
// page draws it there).
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { LatestScroll } from "@/components/goniometry/latest-scroll";
import { When } from "@/components/ui/when";
import type { Messages } from "@/lib/i18n/messages";
import {
  formatChange,
  jointNotation,
  type GoniometryCell,
  type GoniometryTable,
  type GoniometryTam,
  type GoniometryWristCell,
} from "@/lib/assessments/goniometry";

type Joint = keyof Messages["goniometry"]["joints"];
/** The joints the catalogue names: a joint of an older record is shown as stored. */
const isJoint = (joint: string): joint is Joint => ["MCP", "PIP", "DIP", "IP", "CMC"].includes(joint);

function Change({ change }: { change: number | null }) {
  return change === null ? null : <span className="block text-xs font-normal text-slate-700">{formatChange(change)}</span>;
}

function Below({ belowNormal, below }: { belowNormal: boolean; below: string }) {
  return belowNormal ? (
    <>
      <span aria-hidden="true"> ▼</span>
      <span className="sr-only"> ({below})</span>
    </>
  ) : null;
}

function CellView({ cell, below, arc }: { cell: GoniometryCell | null; below: string; arc: string }) {
  if (!cell) return <span className="text-slate-700">–</span>;
  const notation = jointNotation(cell);
  return (
    <>
      <span className={cell.belowNormal ? "font-semibold text-amber-900" : undefined} data-testid="joint-cell">
        {notation ? (
          <>
            {notation} <span className="font-normal text-slate-700">· {cell.arc}°</span>
            <span className="sr-only"> {arc}</span>
          </>
        ) : (
          `${cell.arc}°`
        )}
        <Below belowNormal={cell.belowNormal} below={below} />
      </span>
      <Change change={cell.change} />
    </>
  );
}

function WristCellView({ cell, below }: { cell: GoniometryWristCell | null; below: string }) {
  if (!cell) return <span className="text-slate-700">–</span>;
  return (
    <>
      <span className={cell.belowNormal ? "font-semibold text-amber-900" : undefined}>
        {cell.value}°<Below belowNormal={cell.belowNormal} below={below} />
      </span>
      <Change change={cell.change} />
    </>
  );
}

function TamView({ tam, ofOtherHand }: { tam: GoniometryTam; ofOtherHand: string | null }) {
  if (tam.value === null) return <span className="text-slate-700">–</span>;
  return (
    <>
      <span>{tam.value}°</span>
      <Change change={tam.change} />
      {ofOtherHand ? <span className="block text-xs font-normal text-slate-700">{ofOtherHand}</span> : null}
    </>
  );
}

type Finger = GoniometryTable["fingers"][number];

/** A row group's heading (the wrist, a finger) across the whole table. */
function GroupHeading({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <th scope="rowgroup" colSpan={2 + columns} className="pt-2 text-xs font-semibold uppercase tracking-wide text-slate-700">
        {children}
      </th>
    </tr>
  );
}

function WristRows({ table }: { table: GoniometryTable }) {
  const t = useTranslations("goniometry");
  return (
    <tbody className="border-b border-slate-200">
      <GroupHeading columns={table.columns.length}>{t("wrist")}</GroupHeading>
      {table.wrist.map((row) => (
        <tr key={row.motion} data-testid={`wrist-${row.motion}`}>
          <th scope="row" className="sticky left-0 z-10 bg-white py-0.5 pr-2 font-medium">
            <span className="sr-only">{t("wrist")} </span>
            {t(`motion.${row.motion}`)}
          </th>
          <td className="whitespace-nowrap py-0.5 pr-2 text-slate-700">{`${row.normal[0]}–${row.normal[1]}°`}</td>
          {row.cells.map((cell, i) => (
            <td key={table.columns[i]!.code} className="whitespace-nowrap py-0.5 pr-2 text-right align-top">
              <WristCellView cell={cell} below={t("below")} />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/** The finger's total active motion, per date, under its joints. */
function TamRow({ table, finger }: { table: GoniometryTable; finger: Finger }) {
  const t = useTranslations("goniometry");
  return (
    <tr className="bg-slate-50">
      <th scope="row" className="sticky left-0 z-10 bg-slate-50 py-0.5 pr-2 font-semibold">
        <abbr title={t("tamLong")}>{t("tam")}</abbr>
        <span className="sr-only"> {t(`fingers.${finger.finger}`)}</span>
      </th>
      <td />
      {finger.tam.map((tam, i) => (
        <td
          key={table.columns[i]!.code}
          className="whitespace-nowrap py-0.5 pr-2 text-right align-top font-semibold"
          data-testid={`tam-${finger.finger.toLowerCase()}`}
        >
          <TamView tam={tam} ofOtherHand={tam.ofOtherHand === null ? null : t("ofOtherHand", { percent: tam.ofOtherHand })} />
        </td>
      ))}
    </tr>
  );
}

function FingerRows({ table, finger }: { table: GoniometryTable; finger: Finger }) {
  const t = useTranslations("goniometry");
  return (
    <tbody className="border-b border-slate-200">
      <GroupHeading columns={table.columns.length}>{t(`fingers.${finger.finger}`)}</GroupHeading>
      {finger.joints.map((row) => (
        <tr key={row.joint}>
          <th scope="row" className="sticky left-0 z-10 bg-white py-0.5 pr-2 font-medium">
            <span className="sr-only">{t(`fingers.${finger.finger}`)} </span>
            {isJoint(row.joint) ? t(`joints.${row.joint}`) : row.joint}
          </th>
          <td className="whitespace-nowrap py-0.5 pr-2 text-slate-700">{row.normal ? `${row.normal[0]}–${row.normal[1]}°` : "–"}</td>
          {row.cells.map((cell, i) => (
            <td key={table.columns[i]!.code} className="whitespace-nowrap py-0.5 pr-2 text-right align-top">
              <CellView cell={cell} below={t("below")} arc={t("arc")} />
            </td>
          ))}
        </tr>
      ))}
      <TamRow table={table} finger={finger} />
    </tbody>
  );
}

function HandTable({ table }: { table: GoniometryTable }) {
  const t = useTranslations("goniometry");
  const hand = t(`hand.${table.hand}`);
  return (
    <LatestScroll label={hand}>
      <table className="w-full text-left text-sm" data-testid={`goniometry-${table.hand.toLowerCase()}`}>
        <caption className="mb-1 text-left font-semibold text-slate-900">
          {hand}
          <span className="sr-only">. {t("caption", { hand })}</span>
        </caption>
        <thead className="border-b border-slate-300 text-xs text-slate-700">
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-white py-1 pr-2">
              {t("joint")}
            </th>
            <th scope="col" className="py-1 pr-2">
              {t("normal")}
            </th>
            {table.columns.map((column) => (
              <th key={column.code} scope="col" className="whitespace-nowrap py-1 pr-2 text-right">
                <When value={column.date} kind="date" />
              </th>
            ))}
          </tr>
        </thead>
        {table.wrist.length ? <WristRows table={table} /> : null}
        {table.fingers.map((finger) => (
          <FingerRows key={finger.finger} table={table} finger={finger} />
        ))}
      </table>
    </LatestScroll>
  );
}

/** Every hand's table; nothing when no finger joint was measured. */
export function GoniometryTables({ tables }: { tables: GoniometryTable[] }) {
  const t = useTranslations("goniometry");
  if (tables.length === 0) return null;
  return (
    <div className="space-y-3">
      {/* grid-cols-1 (minmax(0, 1fr)) on a phone: a wide table scrolls in its region, the page does not. */}
      <div className={tables.length > 1 ? "grid grid-cols-1 gap-6 lg:grid-cols-2" : undefined}>
        {tables.map((table) => (
          <HandTable key={table.hand} table={table} />
        ))}
      </div>
      <p className="text-xs text-slate-700">{t("legend")}</p>
    </div>
  );
}
