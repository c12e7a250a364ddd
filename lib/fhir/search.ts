// FHIR search parameters as this API reads them (https://hl7.org/fhir/R4/search.html): which
// parameters a search applied (the Bundle's self link names those only), patient references,
// token codes and categories, date prefixes, ids, and _elements. Every bad value is a 400 naming
// the parameter.
import type { Resource } from "@medplum/fhirtypes";
import { badRequest } from "@/lib/api/errors";
import type { ReadAssessmentType } from "@/lib/assessments/types";
import { READ_NAMES } from "@/lib/assessments/types";
import { observationCategory, typeCodings } from "@/lib/fhir/observation";

/** `Prefer: handling=strict`: the client wants an error for a parameter the search cannot apply. */
export function isStrict(headers: Headers): boolean {
  return /(?:^|[,;\s])handling\s*=\s*"?strict\b/i.test(headers.get("prefer") ?? "");
}

/** The largest page a search answers: a larger _count is applied as this, and the Bundle's self link says so. */
export const MAX_PAGE_SIZE = 1000;

/**
 * The parameters of `url` that the search applies, in the request's order: those `supported`
 * names (a _count over MAX_PAGE_SIZE as MAX_PAGE_SIZE). A modifier (`code:text`) is never
 * supported: always a 400 naming it, since ignoring it would answer a different question. Any
 * other parameter is left out (lenient, the default) or a 400 naming it under
 * `Prefer: handling=strict`. `_format` is answered by content negotiation.
 */
export function appliedParameters(url: URL, headers: Headers, supported: readonly string[]): URLSearchParams {
  const strict = isStrict(headers);
  const applied = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    const colon = key.indexOf(":");
    if (colon >= 0) throw badRequest(`${key}: the modifier :${key.slice(colon + 1)} is not supported`, key);
    if (key === "_format") continue;
    const clamped = key === "_count" && /^\d+$/.test(value) && Number(value) > MAX_PAGE_SIZE;
    if (supported.includes(key)) applied.append(key, clamped ? String(MAX_PAGE_SIZE) : value);
    else if (strict) throw badRequest(`${key}: not a parameter of this search (Prefer: handling=strict)`, key);
  }
  return applied;
}

/** A record id as PostgreSQL's integer holds it: 1 to 2147483647, without leading zeros. */
const RECORD_ID =
  "([1-9]\\d{0,8}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])";

/** `123` or `Patient/123`: the value of a reference search parameter that can name a patient. */
export const PATIENT_REFERENCE = new RegExp(`^(?:Patient[/])?${RECORD_ID}$`);

/** `123` or `Patient/123` (a reference search parameter); null when it names no possible patient. */
export function patientReference(value: string): number | null {
  const match = /^(?:Patient\/)?([1-9]\d{0,9})$/.exec(value);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** A comma-separated token list: `code`, `system|code`, `|code` (no system) or `system|` (any code of the system). */
function tokens(value: string, name: string): string[] {
  const list = value.split(",").map((token) => token.trim());
  if (list.some((token) => token === "")) throw badRequest(`${name}: an empty token`, name);
  return list;
}

function tokenMatches(token: string, coding: { system?: string; code?: string }): boolean {
  const bar = token.indexOf("|");
  if (bar < 0) return coding.code === token;
  const [system, code] = [token.slice(0, bar), token.slice(bar + 1)];
  const systemMatches = system === "" ? coding.system === undefined : coding.system === system;
  return systemMatches && (code === "" || coding.code === code);
}

/** The assessment types a `code` value selects (any of its tokens). */
export function typesForCodes(value: string): ReadAssessmentType[] {
  const list = tokens(value, "code");
  return READ_NAMES.filter((type) => typeCodings(type).some((coding) => list.some((token) => tokenMatches(token, coding))));
}

/** The assessment types a `category` value selects (exam, survey, or with the observation-category system). */
export function typesForCategories(value: string): ReadAssessmentType[] {
  const list = tokens(value, "category");
  return READ_NAMES.filter((type) => list.some((token) => tokenMatches(token, observationCategory(type))));
}

/** Record ids of an `_id` value (several separated by commas: any of them); one that is no record id matches nothing. */
export function idsOf(value: string, name = "_id"): number[] {
  return tokens(value, name).flatMap((token) => {
    const id = patientReference(token);
    return id === null || token.includes("/") ? [] : [id];
  });
}

/** A date condition on an instant column, in Prisma's filter form. */
export type DateCondition = { gte?: Date; lt?: Date };

const DATE_VALUE =
  /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** A calendar day (each month's length, leap years too). */
const DAY =
  "((\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)|02-(0[1-9]|1\\d|2[0-8])))";
/** A time on a day up to the 31st (JavaScript reads the 31st of a shorter month as the next month's first days). */
const TIME =
  "\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)";

const PERIOD = `(\\d{4}(-(0[1-9]|1[0-2]))?|${DAY}|${TIME})`;

/** Exactly the values dateCondition takes: a supported prefix and a year, a month, a day or a time (the OpenAPI document's pattern). */
export const DATE_PATTERN = `^(eq|ge|gt|le|lt)?${PERIOD}$`;
/** The same without a prefix: a point to start from ($everything's _since). */
export const SINCE_PATTERN = new RegExp(`^${PERIOD}$`);
const DATE_FORM = new RegExp(DATE_PATTERN);

/** Midnight UTC of a day; years below 100 too (Date.UTC reads them as 19xx). */
function utcDay(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

/**
 * One date value of parameter `name` (`date`, `_lastUpdated`, `_since`), e.g. `ge2024-01-01`,
 * `le2024-06`, `2024-03-05T10:00:00Z`: a value stands for the whole period its precision names
 * (a day without a zone is a UTC day), and the prefix compares against that period. Supported
 * prefixes: eq (the default), ge, gt, le, lt.
 */
export function dateCondition(value: string, name = "date"): DateCondition {
  const invalid = () => badRequest(`${name}: "${value.slice(0, 40)}" is not [ge|gt|le|lt|eq]YYYY[-MM[-DD[Thh:mm[:ss]+zone]]]`, name);
  const match = DATE_VALUE.exec(value);
  if (!match) throw invalid();
  const [, prefix = "eq", year, month, day, hour, minute, second, fraction, zone] = match;
  if (!["eq", "ge", "gt", "le", "lt"].includes(prefix))
    throw badRequest(`${name}: the prefix ${prefix} is not supported (eq, ge, gt, le, lt are)`, name);
  if (!DATE_FORM.test(value)) throw invalid();
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
    start = utcDay(y, m, d);
    end = utcDay(y + (month ? 0 : 1), m + (month && !day ? 1 : 0), d + (day ? 1 : 0));
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

/** Whether an instant meets every condition. */
export function meets(instant: Date, conditions: readonly DateCondition[]): boolean {
  const t = instant.getTime();
  return conditions.every(({ gte, lt }) => (gte === undefined || t >= gte.getTime()) && (lt === undefined || t < lt.getTime()));
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

/** The Observation search's own parameters, each a list of the values it was given (repeats must all hold). */
export interface ObservationQuery {
  code?: string[];
  category?: string[];
  date?: string[];
  _id?: string[];
  _lastUpdated?: string[];
}

export interface ObservationFilter {
  /** Only these types; undefined: every type. */
  types?: ReadAssessmentType[];
  dates: DateCondition[];
  /** Each a list of ids the record's must be one of. */
  ids: number[][];
  lastUpdated: DateCondition[];
}

const intersect = (lists: ReadAssessmentType[][]) => lists.reduce((kept, next) => kept.filter((type) => next.includes(type)));

/** The Observation filter of a search's parameters. */
export function observationFilter(query: ObservationQuery): ObservationFilter {
  const typeLists = [...(query.code ?? []).map(typesForCodes), ...(query.category ?? []).map(typesForCategories)];
  return {
    types: typeLists.length === 0 ? undefined : intersect(typeLists),
    dates: (query.date ?? []).map((value) => dateCondition(value)),
    ids: (query._id ?? []).map((value) => idsOf(value)),
    lastUpdated: (query._lastUpdated ?? []).map((value) => dateCondition(value, "_lastUpdated")),
  };
}

/** https://hl7.org/fhir/R4/search.html#elements: a resource cut down to some elements says so. */
const SUBSETTED = { system: "http://terminology.hl7.org/CodeSystem/v3-ObservationValue", code: "SUBSETTED" };

/** The elements a resource keeps whatever `_elements` asks: those R4 makes mandatory, so the cut resource stays valid. */
const MANDATORY: Record<string, readonly string[]> = {
  Observation: ["status", "code"],
  DiagnosticReport: ["status", "code"],
};

/** A resource with only the `_elements` asked for (and id, meta and its mandatory elements), tagged SUBSETTED. */
export function subset<T extends Resource>(resource: T, elements: readonly string[] | undefined): T {
  if (!elements) return resource;
  const keep = new Set(["resourceType", "id", "meta", ...elements, ...(MANDATORY[resource.resourceType] ?? [])]);
  const cut = Object.fromEntries(Object.entries(resource).filter(([key]) => keep.has(key))) as T;
  cut.meta = { ...resource.meta, tag: [...(resource.meta?.tag ?? []), SUBSETTED] };
  return cut;
}
