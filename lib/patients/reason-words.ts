// Why a patient is flagged or should be measured again, in the reader's language: each reason
// worded from its test's standing on the test's own measure (worst pain x/10, ROM in degrees or
// its 0-100 composite, QuickDASH as published), with the numbers written the language's way.
// The words come in (`ReasonWords`): the catalogue's "attentionReason" namespace, from
// lib/patients/standing.ts for the wire's English text and from the page's messages in the browser.
import { KINDS } from "@/lib/assessments/kinds";
import { primaryMeasure, type MetricSpec } from "@/lib/assessments/kinds/kind";
import type { Messages } from "@/lib/i18n/messages";
import type { AttentionReason, TestStanding } from "@/lib/patients/schemas";

type Catalogue = Messages["attentionReason"];
type Leaf<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaf<T[K], `${P}${K}.`>;
}[keyof T & string];

export interface ReasonWords {
  t(key: Leaf<Catalogue>, values?: Record<string, string>): string;
  /** At most `digits` decimals, in the language's notation. */
  number(value: number, digits?: number): string;
}

/** The symbols written after a value of a unit that has one. */
const SYMBOL_AFTER: Partial<Record<MetricSpec["unit"], string>> = { degree: "°", kg: " kg", percent: " %" };

/** "/10" after a value on a scale other than 0-100 ("4/10"); a unit's symbol ("65°", "22 kg"). */
export function unitAfter(spec: MetricSpec): string {
  const symbol = SYMBOL_AFTER[spec.unit];
  if (symbol) return symbol;
  return spec.scale && spec.unit !== "score" ? `/${spec.scale[1]}` : "";
}

function wording(t: TestStanding, words: ReasonWords) {
  const spec = primaryMeasure(KINDS[t.test]);
  const measure = words.t(`measures.${t.test}`);
  const shown = (value: number) => words.number(value, spec.digits ?? 1);
  return {
    spec,
    shown,
    unit: unitAfter(spec),
    name: t.hand ? words.t("withHand", { name: measure, hand: words.t(`hands.${t.hand}`) }) : measure,
  };
}

/** "+18.1", "−14". */
function signed(value: number, words: ReasonWords): string {
  const text = words.number(Math.abs(value), 1);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : `±${text}`;
}

function declineText(t: TestStanding, words: ReasonWords): string {
  const { spec, shown, unit, name } = wording(t, words);
  const m = t.measure!;
  const mcid = spec.mcid!;
  const detail =
    mcid.fraction === undefined
      ? words.t("byPoints", { change: signed(m.value - m.fromValue!, words), mcid: words.number(mcid.points, 2) })
      : t.drop + 1e-9 >= mcid.points
        ? words.t("reachedPoints", { points: words.number(mcid.points, 2) })
        : words.t("reachedPercent", { percent: words.number(mcid.fraction * 100, 0) });
  return words.t("decline", {
    name,
    from: shown(m.fromValue!),
    to: shown(m.value),
    unit,
    detail,
    against: words.t(`against.${m.against!}`),
    date: m.fromDate!,
  });
}

function lowText(t: TestStanding, words: ReasonWords): string {
  const { spec, shown, unit, name } = wording(t, words);
  return words.t("low", {
    name,
    value: shown(t.measure!.value),
    unit,
    threshold: words.number(spec.low!.at, 2),
    direction: spec.direction ?? "higherIsBetter",
  });
}

function remeasureText(t: TestStanding, words: ReasonWords): string {
  const { shown, unit, name } = wording(t, words);
  const m = t.measure!;
  const values = m.fromValue === null ? shown(m.value) : `${shown(m.fromValue)} → ${shown(m.value)}`;
  const why = m.remeasure === "poorLight" ? words.t("poorLight") : words.t("outlier", { value: shown(m.fromValue!), date: m.fromDate! });
  return words.t("remeasure", { name, values, unit, why });
}

/** The words of one reason, from the standing of the test (and hand) it is about. */
export function reasonText(reason: Pick<AttentionReason, "reason">, standing: TestStanding, words: ReasonWords): string {
  if (reason.reason === "test_declining") return declineText(standing, words);
  if (reason.reason === "low_score") return lowText(standing, words);
  return remeasureText(standing, words);
}

/** Each reason in the reader's words; a reason whose test is not among the standings keeps the wire's text. */
export function reasonTexts(reasons: AttentionReason[], tests: TestStanding[], words: ReasonWords): string[] {
  return reasons.map((reason) => {
    const standing = tests.find((t) => t.test === reason.test && t.hand === reason.hand && t.measure);
    return standing ? reasonText(reason, standing, words) : reason.text;
  });
}
