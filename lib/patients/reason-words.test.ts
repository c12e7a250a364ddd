import assert from "node:assert/strict";
import { test } from "node:test";
import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { reasonTexts, type ReasonWords } from "@/lib/patients/reason-words";
import type { AttentionReason, TestStanding } from "@/lib/patients/schemas";
import { wordsFor } from "@/lib/report-view/words";
import { measureOf } from "@/test/support/standings";

function wordsIn(locale: Locale): ReasonWords {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "attentionReason" });
  return { t: (key, values) => t(key, values), number: wordsFor(locale).number };
}

const measure = measureOf;

const standing = (test: TestStanding["test"], hand: TestStanding["hand"], m: TestStanding["measure"], drop = 0): TestStanding => ({
  test,
  hand,
  score: 50,
  date: "2026-11-20",
  previousScore: null,
  previousDate: null,
  firstScore: 50,
  firstDate: "2026-10-01",
  trend: "stable",
  change: null,
  drop,
  mcid: null,
  clinicalDecline: drop > 0,
  judged: true,
  measure: m,
  otherHandPercent: null,
});

const tests = [
  standing("QUICKDASH", null, measure({ value: 38.64, against: "first", fromValue: 20.45, fromDate: "2026-10-01" }), 18.2),
  standing("PAIN", "BOTH", measure({ value: 4, against: "first", fromValue: 2.5, fromDate: "2026-10-08" }), 1.5),
  standing("PAIN", "LEFT", measure({ value: 8, low: true })),
  standing("ROM", "RIGHT", measure({ value: 36.5, low: true })),
  standing("THUMB", null, measure({ value: 30.5, remeasure: "poorLight" })),
  standing(
    "DEXTERITY",
    "RIGHT",
    measure({ value: 69.5, against: "previous", fromValue: 81.5, fromDate: "2026-11-10", remeasure: "outlier" }),
  ),
];
const reasons: AttentionReason[] = [
  { reason: "test_declining", test: "QUICKDASH", hand: null, drop: 18.2, text: "" },
  { reason: "test_declining", test: "PAIN", hand: "BOTH", drop: 1.5, text: "" },
  { reason: "low_score", test: "PAIN", hand: "LEFT", drop: null, text: "" },
  { reason: "low_score", test: "ROM", hand: "RIGHT", drop: null, text: "" },
  { reason: "remeasure", test: "THUMB", hand: null, drop: null, text: "" },
  { reason: "remeasure", test: "DEXTERITY", hand: "RIGHT", drop: 12, text: "" },
];

test("the reasons read in English on each test's own scale", () => {
  assert.deepEqual(reasonTexts(reasons, tests, wordsIn("en")), [
    "QuickDASH 20.5 → 38.6 (+18.2, worse; clinically important ≥ 15.91) since the first result (2026-10-01)",
    "Worst pain (both hands) 2.5 → 4/10 (worse, ≥ 30 %) since the first result (2026-10-08)",
    "Worst pain (left) 8/10 (low: 7/10 or higher)",
    "Range of motion (right) 36.5 (low: 40 or lower)",
    "Thumb movements 30.5: re-measure to confirm (the latest result was recorded in poor light or with few usable frames)",
    "Dexterity (right) 81.5 → 69.5: re-measure to confirm (it rests on the 81.5 of 2026-11-10, which stands out from the results beside it)",
  ]);
});

test("the reasons read in Spanish as a hand therapist writes them, decimals with a comma", () => {
  assert.deepEqual(reasonTexts(reasons, tests, wordsIn("es")), [
    "QuickDASH 20,5 → 38,6 (+18,2, peor; clínicamente relevante ≥ 15,91) respecto al primer resultado (2026-10-01)",
    "Dolor máximo (ambas manos) 2,5 → 4/10 (peor, ≥ 30 %) respecto al primer resultado (2026-10-08)",
    "Dolor máximo (mano izquierda) 8/10 (umbral: 7/10 o más)",
    "Amplitud de movimiento (mano derecha) 36,5 (umbral: 40 o menos)",
    "Movimientos del pulgar 30,5: repetir la medición para confirmar (el último resultado se registró con poca luz o con pocos fotogramas válidos)",
    "Destreza (mano derecha) 81,5 → 69,5: repetir la medición para confirmar (se apoya en el 81,5 del 2026-11-10, que se aparta de los resultados contiguos)",
  ]);
});
