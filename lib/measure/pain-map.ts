// The pain map's places: each digit joint, the palm, the back of the hand and the wrist of a
// hand, as the spec's pain entry names them, with where each sits on the drawing: a hand as its
// owner sees it, thumb on the left (the left palm, the right hand's back); the page mirrors it
// for the right palm and the left hand's back.
import { DigitLocation, HandDigit } from "@/lib/generated/prisma/enums.ts";

export type MapHand = "LEFT" | "RIGHT";
export type MapDigit = HandDigit;
export type MapJoint = Exclude<DigitLocation, "PALM" | "DORSAL">;
export type MapArea = "PALM" | "DORSAL" | "WRIST";

export type Place = { id: string; hand: MapHand } & (
  { areaType: "DIGIT_JOINT"; digit: MapDigit; location: MapJoint } | { areaType: MapArea; digit?: undefined; location?: undefined }
);

export const DIGITS: readonly MapDigit[] = Object.values(HandDigit);
/** The thumb has no middle phalanx: its interphalangeal joint is recorded as DIP. */
export const JOINTS: Record<MapDigit, readonly MapJoint[]> = {
  [HandDigit.THUMB]: ["TIP", "DIP", "MCP", "CMC"],
  INDEX: ["TIP", "DIP", "PIP", "MCP"],
  MIDDLE: ["TIP", "DIP", "PIP", "MCP"],
  RING: ["TIP", "DIP", "PIP", "MCP"],
  LITTLE: ["TIP", "DIP", "PIP", "MCP"],
};

/** Every place of one hand, fingers first (the list's order). */
export function placesOf(hand: MapHand): Place[] {
  const joints: Place[] = DIGITS.flatMap((digit) =>
    JOINTS[digit].map((location) => ({ id: `${hand}-${digit}-${location}`, hand, areaType: "DIGIT_JOINT" as const, digit, location })),
  );
  const areas: Place[] = (["PALM", "DORSAL", "WRIST"] as const).map((areaType) => ({ id: `${hand}-${areaType}`, hand, areaType }));
  return [...joints, ...areas];
}

/** Finger columns on the 200 × 260 drawing: centre x and the fingertip's y. */
export const FINGERS: Record<Exclude<MapDigit, typeof HandDigit.THUMB>, { x: number; top: number }> = {
  INDEX: { x: 64, top: 42 },
  MIDDLE: { x: 90, top: 26 },
  RING: { x: 116, top: 38 },
  LITTLE: { x: 140, top: 62 },
};
const THUMB: Record<string, [number, number]> = { TIP: [20, 126], DIP: [28, 150], MCP: [38, 176], CMC: [52, 204] };
const BASE = 132;

/** Where a joint is drawn on the unmirrored drawing. */
export function jointPoint(digit: MapDigit, location: MapJoint): [number, number] {
  if (digit === HandDigit.THUMB) return THUMB[location]!;
  const { x, top } = FINGERS[digit];
  const share = { TIP: 0.1, DIP: 0.36, PIP: 0.66, MCP: 1.05, CMC: 1 }[location];
  return [x, Math.round(top + (BASE - top) * share)];
}
