// FHIR search parameters as this API reads them: a patient reference, token codes, date
// prefixes, and _count/_offset paging (https://hl7.org/fhir/R4/search.html). Every bad value is a
// 400 naming the parameter.
import { badRequest } from "@/lib/api/errors";
import type { ReadAssessmentType } from "@/lib/assessments/types";
import { typeCodings } from "@/lib/fhir/observation";
import { READ_NAMES } from "@/lib/assessments/types";

/** `123` or `Patient/123` (a reference search parameter); null when it names no possible patient. */
export function patientReference(value: string): number | null {
  const match = /^(?:Patient\/)?([1-9]\d{0,9})$/.exec(value);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/**
 * The assessment types a `code` value selects: a comma-separated list of `code`, `system|code`,
 * `|code` (no system) or `system|` (any code of the system), as FHIR token search defines them.
 */
export function typesForCodes(value: string): ReadAssessmentType[] {
  const tokens = value.split(",").map((token) => token.trim());
  if (tokens.some((token) => token === "")) throw badRequest("code: an empty token", "code");
  return READ_NAMES.filter((type) =>
    typeCodings(type).some((coding) =>
      tokens.some((token) => {
        const bar = token.indexOf("|");
        if (bar < 0) return coding.code === token;
        const [system, code] = [token.slice(0, bar), token.slice(bar + 1)];
        const systemMatches = system === "" ? coding.system === undefined : coding.system === system;
        return systemMatches && (code === "" || coding.code === code);
      }),
    ),
  );
}

/** A date condition on an instant column, in Prisma's filter form. */
export type DateCondition = { gte?: Date; lt?: Date };

const DATE_VALUE =
  /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/**
 * One `date` value, e.g. `ge2024-01-01`, `le2024-06`, `2024-03-05T10:00:00Z`: a value stands for
 * the whole period its precision names (a day without a zone is a UTC day), and the prefix
 * compares against that period. Supported prefixes: eq (the default), ge, gt, le, lt.
 */
export function dateCondition(value: string): DateCondition {
  const invalid = () => badRequest(`date: "${value.slice(0, 40)}" is not [ge|gt|le|lt|eq]YYYY[-MM[-DD[Thh:mm[:ss]+zone]]]`, "date");
  const match = DATE_VALUE.exec(value);
  if (!match) throw invalid();
  const [, prefix = "eq", year, month, day, hour, minute, second, fraction, zone] = match;
  if (!["eq", "ge", "gt", "le", "lt"].includes(prefix))
    throw badRequest(`date: the prefix ${prefix} is not supported (eq, ge, gt, le, lt are)`, "date");
  let start: Date;
  let end: Date;
  if (hour !== undefined) {
    start = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second ?? "00"}${fraction ?? ""}${zone}`);
    const step = fraction ? 1 : second ? 1000 : 60_000;
    end = new Date(start.getTime() + step);
  } else {
    const y = Number(year);
    const m = month ? Number(month) - 1 : 0;
    const d = day ? Number(day) : 1;
    start = new Date(Date.UTC(y, m, d));
    if (start.getUTCFullYear() !== y || start.getUTCMonth() !== m || start.getUTCDate() !== d) throw invalid();
    end = new Date(Date.UTC(y + (month ? 0 : 1), m + (month && !day ? 1 : 0), d + (day ? 1 : 0)));
  }
  if (Number.isNaN(start.getTime())) throw invalid();
  switch (prefix) {
    case "ge":
      return { gte: start };
    case "gt":
      return { gte: end };
    case "le":
      return { lt: end };
    case "lt":
      return { lt: start };
    default:
      return { gte: start, lt: end };
  }
}

/** The part of a virtual list [part 0, part 1, ...] one page covers: skip and take per part. */
export function pageSlices(offset: number, count: number, sizes: readonly number[]): { skip: number; take: number }[] {
  let start = 0;
  return sizes.map((size) => {
    const from = Math.max(offset, start);
    const to = Math.min(offset + count, start + size);
    const take = Math.max(0, to - from);
    const slice = { skip: take > 0 ? from - start : 0, take };
    start += size;
    return slice;
  });
}

/** How often `code` or `date` may repeat: a range takes two; more only costs the database. */
const MAX_REPEATS = 4;

/** The Observation filter of a search's `code` and `date` parameters; each may repeat (repeats must all hold). */
export function observationFilter(params: URLSearchParams): { types?: ReadAssessmentType[]; dates: DateCondition[] } {
  for (const name of ["code", "date"]) {
    if (params.getAll(name).length > MAX_REPEATS) throw badRequest(`${name}: at most ${MAX_REPEATS} ${name} parameters`, name);
  }
  const codes = params.getAll("code");
  const types =
    codes.length === 0 ? undefined : codes.map(typesForCodes).reduce((kept, next) => kept.filter((type) => next.includes(type)));
  return { types, dates: params.getAll("date").map(dateCondition) };
}
