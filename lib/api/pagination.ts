// Query parameters shared by the lists (patients, journal, audit trail). Query values arrive as
// strings: a limit over the maximum is clamped; a negative, non-numeric or out-of-range limit or
// offset is a 400.
import { z } from "zod";
import { onTheWire } from "@/lib/api/wire";

/** PostgreSQL's integer range: larger offsets or ids could never match a row, and overflow the query. */
const INT_MAX = 2_147_483_647;

export const wholeNumber = (name: string) =>
  onTheWire(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number of 0 or more`)
      .transform(Number)
      .refine((value) => value <= INT_MAX, `${name} must be at most ${INT_MAX}`),
    { type: "integer", minimum: 0, maximum: INT_MAX },
  );

export function limitParam(fallback: number, max: number) {
  return wholeNumber("limit")
    .optional()
    .transform((value) => Math.min(value ?? fallback, max))
    .describe(`Page size; default ${fallback}, values over ${max} are clamped to ${max}`);
}

export const offsetParam = wholeNumber("offset")
  .optional()
  .transform((value) => value ?? 0)
  .describe("Rows to skip; default 0");

/** A positive integer record id in a path or query string. */
export const idParam = onTheWire(
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be a positive integer id")
    .transform(Number)
    .refine((value) => value <= INT_MAX, "must be a positive integer id"),
  { type: "integer", minimum: 1, maximum: INT_MAX },
);
