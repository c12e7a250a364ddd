"use client";
// A hand as pages name it ("Left hand", "Mano izquierda"), from the catalogue's "ui" namespace that every page sends.
import { useTranslations } from "next-intl";

const HANDS = ["LEFT", "RIGHT", "BOTH"] as const;
const isHand = (value: string): value is (typeof HANDS)[number] => (HANDS as readonly string[]).includes(value);

/** A function naming a stored hand in the reader's language; an unknown one as stored, none as "hand not recorded". */
export function useHandName(): (hand: string | null) => string {
  const t = useTranslations("ui");
  return (hand) => (hand === null ? t("hands.none") : isHand(hand) ? t(`hands.${hand}`) : hand);
}
