// Sharing codes: 6 characters from an alphabet without look-alikes (no 0, O, 1, I, L).
import { randomInt } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";

export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;
const CHARACTER = `[${CODE_ALPHABET}${CODE_ALPHABET.replace(/\d/g, "").toLowerCase()}]`;
/** What a code may be sent as: any case, dash optional, surrounding white space ignored. */
export const CODE_INPUT_PATTERN = new RegExp(`^\\s*${CHARACTER}{3}-?${CHARACTER}{3}\\s*$`);

/** A missing and an expired code answer the same, so a response never says which. */
export const NOT_FOUND_MESSAGE = "No assessment with this code (it may have expired)";
export const notFoundCode = () => new ApiError(404, NOT_FOUND_MESSAGE);

/**
 * A fresh random code. randomInt draws without modulo bias. A code always holds a letter, so
 * that it never reads as a numeric record id where either is accepted (/assessments/:id/results).
 */
export function generateCode(): string {
  for (;;) {
    let code = "";
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (/[A-Z]/.test(code)) return code;
  }
}

/** `AAABBB` or `aaa-bbb` → `AAABBB`; null for anything else. */
export function normalizeCode(input: string): string | null {
  return CODE_INPUT_PATTERN.test(input) ? input.trim().toUpperCase().replace("-", "") : null;
}

/** The dashed form shown to people: `AAA-BBB`. */
export function formatCode(code: string): string {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

/** zod schema for a code in a path, query or body: normalizes, or fails with a clear message. */
export const codeSchema = z
  .string()
  .regex(CODE_INPUT_PATTERN, `must be a 6-character code from ${CODE_ALPHABET} (dash optional, e.g. ABC-234)`)
  .transform((value) => normalizeCode(value)!);

/** A unique-index violation on `column`: Prisma's P2002, or PostgreSQL's 23505 from plain SQL. */
export function isUniqueViolationOn(error: unknown, column: string): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } };
  };
  if (e?.code === "23505") return e.constraint === undefined || e.constraint.endsWith(`_${column}_key`);
  if (e?.code !== "P2002") return false;
  const target = e.meta?.target;
  const fields = e.meta?.driverAdapterError?.cause?.constraint?.fields;
  const names = [...(Array.isArray(target) ? target : typeof target === "string" ? [target] : []), ...(fields ?? [])].map(String);
  return names.length === 0 || names.some((n) => n.replace(/"/g, "") === column || n.endsWith(`_${column}_key`));
}

/**
 * Runs `create` with fresh codes until one is not taken. A collision is a unique-index
 * violation on `code`; with 31^6 codes a retry is rare, five in a row means something else.
 */
export async function withFreshCode<T>(create: (code: string) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create(generateCode());
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolationOn(error, "code")) throw error;
    }
  }
}
