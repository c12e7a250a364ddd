// Query parameters shared by the patient and journal lists. Query values arrive as strings:
// a limit over the maximum is clamped, a negative or non-numeric limit or offset is a 400.
import { z } from "zod";

const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number of 0 or more`)
    .transform(Number);

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
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "must be a positive integer id")
  .transform(Number)
  .refine((value) => value <= 2_147_483_647, "must be a positive integer id");
