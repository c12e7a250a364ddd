// The two stored types whose read name differs from the stored one (lib/assessments/types.ts):
// kept with the kinds, the one folder where a kind's name is written out.
export const RENAMED = { FINGER_TAPPING: "DEXTERITY", THUMB_MOVEMENTS: "THUMB" } as const;
