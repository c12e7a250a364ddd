// FHIR search parameter semantics: token codes, date prefixes over the period a value's
// precision names, patient references, and one page over several lists.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { ApiError } from "@/lib/api/errors";
import { observationSearchQuery, TOKEN_LIST } from "@/lib/fhir/schemas";
import {
  appliedParameters,
  dateCondition,
  observationFilter,
  pageSlices,
  patientReference,
  subset,
  typesForCodes,
} from "@/lib/fhir/search";

const at = (iso: string) => new Date(iso);

test("date: a day, a month and a year are periods; the prefix compares against the period", () => {
  assert.deepEqual(dateCondition("2024-03-05"), { gte: at("2024-03-05T00:00:00Z"), lt: at("2024-03-06T00:00:00Z") });
  assert.deepEqual(dateCondition("ge2024-03-05"), { gte: at("2024-03-05T00:00:00Z") });
  assert.deepEqual(dateCondition("le2024-03-05"), { lt: at("2024-03-06T00:00:00Z") });
  assert.deepEqual(dateCondition("gt2024-03-05"), { gte: at("2024-03-06T00:00:00Z") });
  assert.deepEqual(dateCondition("lt2024-03-05"), { lt: at("2024-03-05T00:00:00Z") });
  assert.deepEqual(dateCondition("le2024-12"), { lt: at("2025-01-01T00:00:00Z") });
  assert.deepEqual(dateCondition("eq2024"), { gte: at("2024-01-01T00:00:00Z"), lt: at("2025-01-01T00:00:00Z") });
  assert.deepEqual(dateCondition("ge2024-03-05T10:15+02:00"), { gte: at("2024-03-05T08:15:00Z") });
  assert.deepEqual(dateCondition("2024-03-05T10:15:30Z"), { gte: at("2024-03-05T10:15:30Z"), lt: at("2024-03-05T10:15:31Z") });
});

test("date: malformed values, impossible days, times without a zone and unsupported prefixes are 400 naming date", () => {
  for (const value of ["yesterday", "2024-02-30", "2024-13", "2024-03-05T10:15", "ne2024", "sa2024", "ge", "2024-3-5"]) {
    assert.throws(
      () => dateCondition(value),
      (error: ApiError) => error.status === 400 && error.field === "date",
      value,
    );
  }
});

test("code: bare codes, system|code, system| and |code select assessment types", () => {
  assert.deepEqual(typesForCodes("72514-3"), ["PAIN"]);
  assert.deepEqual(typesForCodes("http://snomed.info/sct|364564000"), ["ROM"]);
  assert.deepEqual(typesForCodes("rom,arthritis"), ["ROM", "ARTHRITIS"]);
  assert.deepEqual(typesForCodes("http://loinc.org|"), ["PAIN"]);
  assert.deepEqual(typesForCodes("http://loinc.org|rom"), []);
  assert.deepEqual(typesForCodes("|rom"), [], "rom has a system");
  assert.throws(
    () => typesForCodes("rom,"),
    (error: ApiError) => error.field === "code",
  );
});

test("a token list the OpenAPI document's pattern allows is read, and one it refuses is a 400 naming code", () => {
  // Found by the fresh-seed fuzz (seed 1029998598): `code= ,x` matched the old pattern, and the
  // search refused its blank first token.
  const documented = new RegExp(TOKEN_LIST);
  const piece = fc.constantFrom(",", " ", "\t", "|", "rom", "x", "http://loinc.org", "\u00a0");
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join("")),
      (value) => {
        let refused = false;
        try {
          typesForCodes(value);
        } catch (error) {
          assert.equal((error as ApiError).field, "code");
          refused = true;
        }
        assert.equal(refused, !documented.test(value), JSON.stringify(value));
      },
    ),
    { numRuns: 2000 },
  );
});

test("repeated code and category parameters must all hold; dates add up; _id and _lastUpdated", () => {
  const filter = observationFilter({ code: ["rom,pain", "72514-3"], date: ["ge2024-01-01", "le2024-12-31"] });
  assert.deepEqual(filter.types, ["PAIN"]);
  assert.equal(filter.dates.length, 2);
  assert.equal(observationFilter({}).types, undefined);
  assert.deepEqual(observationFilter({ category: ["survey"], code: ["rom,pain"] }).types, ["PAIN"]);
  assert.deepEqual(observationFilter({ category: ["http://terminology.hl7.org/CodeSystem/observation-category|exam"] }).types, [
    "ROM",
    "DEXTERITY",
    "THUMB",
    "GRIP",
  ]);
  assert.deepEqual(observationFilter({ _id: ["12,x,Observation/3"] }).ids, [[12]]);
  assert.throws(
    () => observationFilter({ _lastUpdated: ["gt2024-13"] }),
    (error: ApiError) => error.status === 400 && error.field === "_lastUpdated",
  );
});

test("code, category, date and _lastUpdated may each repeat at most 4 times", () => {
  for (const name of ["code", "category", "date", "_lastUpdated"]) {
    const query = (n: number) => ({ patient: "1", [name]: Array<string>(n).fill("2024") });
    assert.ok(observationSearchQuery.safeParse(query(4)).success, name);
    const refused = observationSearchQuery.safeParse(query(5));
    assert.deepEqual(refused.error?.issues[0]?.path, [name]);
  }
});

test("the self link keeps the applied parameters only; strict handling refuses the others; a modifier is always refused", () => {
  const url = new URL("https://x.test/api/fhir/Observation?patient=1&foo=bar&code=rom&_format=json&_count=2");
  const lenient = appliedParameters(url, new Headers(), ["patient", "code", "_count"]);
  assert.equal(lenient.toString(), "patient=1&code=rom&_count=2");
  const strict = new Headers({ prefer: "return=minimal, handling=strict" });
  assert.throws(
    () => appliedParameters(url, strict, ["patient", "code", "_count"]),
    (error: ApiError) => error.status === 400 && error.field === "foo",
  );
  assert.throws(
    () => appliedParameters(new URL("https://x.test/?code:text=pain"), new Headers(), ["code"]),
    (error: ApiError) => error.status === 400 && error.field === "code:text",
  );
});

test("_elements keeps the elements asked for, id, meta and the mandatory ones, and tags the resource SUBSETTED", () => {
  const observation = {
    resourceType: "Observation",
    id: "1",
    status: "final",
    code: { text: "x" },
    issued: "2024-01-01T00:00:00Z",
    note: [],
  };
  const cut = subset(observation as never, ["issued"]) as Record<string, unknown>;
  assert.deepEqual(Object.keys(cut).sort(), ["code", "id", "issued", "meta", "resourceType", "status"]);
  assert.deepEqual((cut.meta as { tag: { code: string }[] }).tag[0]!.code, "SUBSETTED");
  assert.equal(subset(observation as never, undefined), observation);
});

test("patient: an id or Patient/id; anything else names no patient", () => {
  assert.equal(patientReference("42"), 42);
  assert.equal(patientReference("Patient/42"), 42);
  for (const value of ["Observation/42", "0", "-1", "abc", "99999999999", "Patient/", ""])
    assert.equal(patientReference(value), null, value);
});

test("one page over several lists: Patient, Observations, reports", () => {
  assert.deepEqual(pageSlices(0, 3, [1, 5, 2]), [
    { skip: 0, take: 1 },
    { skip: 0, take: 2 },
    { skip: 0, take: 0 },
  ]);
  assert.deepEqual(pageSlices(5, 3, [1, 5, 2]), [
    { skip: 0, take: 0 },
    { skip: 4, take: 1 },
    { skip: 0, take: 2 },
  ]);
  assert.deepEqual(pageSlices(8, 3, [1, 5, 2]), [
    { skip: 0, take: 0 },
    { skip: 0, take: 0 },
    { skip: 0, take: 0 },
  ]);
  assert.deepEqual(
    pageSlices(0, 0, [1, 5, 2]).map((s) => s.take),
    [0, 0, 0],
  );
});
