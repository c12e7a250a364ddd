// Free text from clients (titles, comments, names, transcripts ...): any character a person types,
// but no C0 control character other than TAB, LF and CR. A FHIR string may not hold one (an EHR
// refuses the whole NDJSON file that carries it), and no keyboard types one: a request that holds
// one is refused with a 400 naming the field, whichever route it came to.
import { z } from "zod";

/** Matches text free of U+0000-U+001F, TAB, LF and CR excepted. */
export const FREE_TEXT_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$/;

export const CONTROL_CHARACTERS = "must not contain control characters (U+0000-U+001F other than tab, line feed and carriage return)";

/** Whether a string holds a control character free text refuses. */
export const hasControlCharacters = (value: string) => !FREE_TEXT_PATTERN.test(value);

/** A string of free text: z.string() that refuses control characters (tab, line feed and carriage return allowed). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(FREE_TEXT_PATTERN, CONTROL_CHARACTERS);

/** Matches text with a character that is not white space. */
export const NOT_BLANK_PATTERN = /\S/;

/**
 * Free text a field requires, stored trimmed: "" or white space alone is refused with `blank`.
 * Not blank is a documented pattern, not a length after trimming, so a client validating against
 * the API reference refuses "  " as the service does.
 */
export const requiredText = (blank = "must not be blank", params?: Parameters<typeof z.string>[0]) =>
  text(params).regex(NOT_BLANK_PATTERN, blank).trim();
