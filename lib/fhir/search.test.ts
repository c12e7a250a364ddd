// FHIR search parameter semantics: token codes, date prefixes over the period a value's
// precision names, patient references, and one page over several lists.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiError } from "@/lib/api/errors";
import { dateCondition, observationFilter, pageSlices, patientReference, typesForCodes } from "@/lib/fhir/search";

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

test("repeated code parameters must all hold; dates add up", () => {
  const filter = observationFilter(new URLSearchParams("code=rom,pain&code=72514-3&date=ge2024-01-01&date=le2024-12-31"));
  assert.deepEqual(filter.types, ["PAIN"]);
  assert.equal(filter.dates.length, 2);
  assert.equal(observationFilter(new URLSearchParams("")).types, undefined);
  assert.throws(
    () => observationFilter(new URLSearchParams("date=2024&".repeat(5))),
    (error: ApiError) => error.status === 400 && error.field === "date",
  );
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
