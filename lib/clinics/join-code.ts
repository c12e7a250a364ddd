// Clinic join codes: what a patient types to share their record with a clinic. The sharing codes'
// alphabet (no look-alikes), 10 characters (31^10 ≈ 8e14: guessing one is hopeless, and lookups
// by code are rate-limited like code lookups all the same).
import { randomInt } from "node:crypto";
import { z } from "zod";
import { CODE_ALPHABET, isUniqueViolationOn } from "@/lib/codes";

export const JOIN_CODE_LENGTH = 10;

export function generateJoinCode(): string {
  let code = "";
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Runs `create` with fresh join codes until one is not taken (a collision is a unique-index violation). */
export async function withFreshJoinCode<T>(create: (joinCode: string) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create(generateJoinCode());
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolationOn(error, "join_code")) throw error;
    }
  }
}

/** `ABCDE-FGHJK`, the way it is printed. */
export const formatJoinCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

const CHARACTER = `[${CODE_ALPHABET}${CODE_ALPHABET.replace(/\d/g, "").toLowerCase()}]`;
const JOIN_CODE_INPUT = new RegExp(`^\\s*${CHARACTER}{5}[-\\s]?${CHARACTER}{5}\\s*$`);

/** A join code in a path or body: any case, one dash or space in the middle optional; normalized to 10 capitals. */
export const joinCodeSchema = z
  .string()
  .regex(JOIN_CODE_INPUT, `must be a ${JOIN_CODE_LENGTH}-character clinic join code from ${CODE_ALPHABET} (e.g. ABCDE-FGHJK)`)
  .transform((value) => value.replace(/[-\s]/g, "").toUpperCase());
