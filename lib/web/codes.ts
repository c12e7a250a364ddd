// Sharing codes as people type them, for the pages (browser and server): six characters of
// the code alphabet, any case, dash and spaces optional.
const ALPHABET = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

export const CODE_HINT = "A code is 6 letters and digits, for example ABC-234 (no 0, O, 1, I or L).";

/** "ABC-234", "abc234" → "ABC234"; null when it cannot be a code. */
export function normalizeInputCode(value: string): string | null {
  const compact = value.trim().toUpperCase().replace(/[\s-]/g, "");
  return ALPHABET.test(compact) ? compact : null;
}
