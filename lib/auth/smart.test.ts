import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiError } from "@/lib/api/errors";
import { levelsFor, parseScope, requireSmartRoute, smartGrant } from "@/lib/auth/smart";

const STAR = "*";

test("scopes: v2 permissions, v1 read as read and search, writes and query filters grant nothing", () => {
  assert.deepEqual(parseScope("patient/Observation.rs"), { level: "patient", type: "Observation", read: true, search: true });
  assert.deepEqual(parseScope(`user/${STAR}.r`), { level: "user", type: STAR, read: true, search: false });
  assert.deepEqual(parseScope("system/Patient.s"), { level: "system", type: "Patient", read: false, search: true });
  assert.deepEqual(parseScope("patient/Observation.read"), { level: "patient", type: "Observation", read: true, search: true });
  assert.deepEqual(parseScope("patient/Observation.cud"), { level: "patient", type: "Observation", read: false, search: false });
  assert.deepEqual(parseScope("patient/Observation.write"), { level: "patient", type: "Observation", read: false, search: false });
  for (const scope of [
    "patient/Observation.rs?category=laboratory",
    "patient/Observation.",
    "patient/observation.rs",
    "patient/Observation.sr",
  ]) {
    assert.equal(parseScope(scope), null, scope);
  }
});

test("a token is a SMART token only with a patient/, user/ or system/ scope, from scope or scp", () => {
  assert.equal(smartGrant({ scope: "openid profile email" }), undefined);
  assert.equal(smartGrant({}), undefined);
  assert.deepEqual(smartGrant({ scp: ["patient/Patient.rs"] })?.scopes, [{ level: "patient", type: "Patient", read: true, search: true }]);
  // An unparseable SMART scope still makes a SMART token, one that reads nothing.
  assert.deepEqual(smartGrant({ scope: "openid patient/Observation.rs?code=x" }), { scopes: [], patient: null, backend: false });
});

test("patient context: the patient claim, else a fhirUser naming a Patient; anything else is none", () => {
  const context = (claims: Record<string, unknown>) => smartGrant({ scope: "patient/Patient.rs", ...claims })?.patient;
  assert.equal(context({ patient: "42" }), 42);
  assert.equal(context({ patient: 42 }), 42);
  assert.equal(context({ fhirUser: "https://ehr.example/fhir/Patient/7" }), 7);
  assert.equal(context({ fhirUser: "Practitioner/7" }), null);
  assert.equal(context({ patient: "Patient/42" }), null);
  assert.equal(context({ patient: "99999999999" }), null);
  assert.equal(context({ patient: "abc", fhirUser: "Patient/7" }), null);
});

test("system/ scopes count only on client-credentials tokens", () => {
  const backend = smartGrant({ scope: `system/${STAR}.rs`, gty: "client-credentials", sub: "app@clients" })!;
  assert.deepEqual([...levelsFor(backend, "Observation", "read")], ["system"]);
  const rfc9068 = smartGrant({ scope: `system/${STAR}.rs`, sub: "app", client_id: "app" })!;
  assert.deepEqual([...levelsFor(rfc9068, "Patient", "search")], ["system"]);
  const user = smartGrant({ scope: `system/${STAR}.rs`, sub: "someone", client_id: "app" })!;
  assert.equal(levelsFor(user, "Observation", "read").size, 0);
});

test("routes: the type of a read or search needs a scope, $everything all three types, other paths none", () => {
  const grant = smartGrant({ scope: "patient/Observation.rs" })!;
  const refused = (path: string) =>
    assert.throws(
      () => requireSmartRoute(grant, path),
      (error: ApiError) => error.status === 403,
      path,
    );
  requireSmartRoute(grant, "/fhir/Observation");
  requireSmartRoute(grant, "/fhir/Observation/{id}");
  requireSmartRoute(grant, "/fhir/metadata");
  refused("/fhir/Patient/{id}");
  refused("/fhir/DiagnosticReport");
  refused("/fhir/Patient/{id}/$everything");
  refused("/patients/me");
  const error = (() => {
    try {
      requireSmartRoute(grant, "/fhir/Patient/{id}");
    } catch (caught) {
      return caught as ApiError;
    }
  })()!;
  assert.match(
    error.headers?.["www-authenticate"] ?? "",
    /error="insufficient_scope", scope="patient\/Patient\.r user\/Patient\.r system\/Patient\.r"/,
  );
});

test("scope grammar: anchored, a type of 2 to 64 letters, every v2 permission letter in order, v1 wildcards", () => {
  const long = `A${"b".repeat(63)}`;
  assert.deepEqual(parseScope(`user/${long}.s`), { level: "user", type: long, read: false, search: true });
  assert.deepEqual(parseScope("patient/Observation.cruds"), { level: "patient", type: "Observation", read: true, search: true });
  assert.deepEqual(parseScope("system/Patient.*"), { level: "system", type: "Patient", read: true, search: true });
  assert.deepEqual(parseScope(`user/${STAR}.read`), { level: "user", type: STAR, read: true, search: true });
  for (const scope of [
    `user/${long}b.s`,
    "user/O.rs",
    "xpatient/Observation.rs",
    "patient/Observation.rsx",
    "patient/Observation.readx",
    "xpatient/Observation.read",
    "patient/Obs3rvation.rs",
    "practitioner/Observation.rs",
  ]) {
    assert.equal(parseScope(scope), null, scope);
  }
});

test("scopes come from both claims, scp as a string too; non-string entries and other scopes are ignored", () => {
  assert.deepEqual(
    smartGrant({ scope: "openid  patient/Patient.r", scp: "user/Observation.s" })?.scopes.map((s) => `${s.level}/${s.type}`),
    ["patient/Patient", "user/Observation"],
  );
  assert.deepEqual(smartGrant({ scp: [42, "system/Patient.r", null] })?.scopes.length, 1);
  assert.equal(smartGrant({ scp: [42] }), undefined);
  // Only strings are scopes: an array inside the array is not one, even one that reads as one.
  assert.equal(smartGrant({ scp: [["patient/Patient.r"]] }), undefined);
  assert.equal(smartGrant({ scope: "launch/patient openid xpatient/Patient.r" }), undefined);
});

test("patient context bounds: 1 to 2147483647, a fhirUser ending in Patient/<id> only", () => {
  const context = (claims: Record<string, unknown>) => smartGrant({ scope: "patient/Patient.rs", ...claims })?.patient;
  assert.equal(context({ patient: "2147483647" }), 2_147_483_647);
  assert.equal(context({ patient: 2_147_483_648 }), null);
  assert.equal(context({ patient: "0" }), null);
  assert.equal(context({ patient: "042" }), null);
  assert.equal(context({ patient: " 42" }), null);
  assert.equal(context({ patient: "42 " }), null);
  assert.equal(context({ patient: true, fhirUser: "Patient/7" }), 7);
  assert.equal(context({ fhirUser: "Patient/2147483647" }), 2_147_483_647);
  assert.equal(context({ fhirUser: "Patient/2147483648" }), null);
  assert.equal(context({ fhirUser: "Patient/0" }), null);
  assert.equal(context({ fhirUser: "MyPatient/7" }), null);
  assert.equal(context({ fhirUser: "Patient/7/_history/1" }), null);
  assert.equal(context({ fhirUser: 7 }), null);
  // Only a string claim names the patient, not an array that reads as one.
  assert.equal(context({ fhirUser: ["Patient/7"] }), null);
});

test("a backend token is a client-credentials grant or a token whose sub is its client_id, nothing else", () => {
  const backend = (claims: Record<string, unknown>) => smartGrant({ scope: "system/Patient.r", ...claims })?.backend;
  assert.equal(backend({}), false);
  assert.equal(backend({ gty: "password", sub: "app" }), false);
  assert.equal(backend({ gty: "client-credentials" }), true);
  assert.equal(backend({ sub: "app", client_id: "app" }), true);
  assert.equal(backend({ sub: "other", client_id: "app" }), false);
});

test("levels: a scope counts for its own type or *, for the interaction it grants, each level once", () => {
  const grant = smartGrant({
    scope: "patient/Observation.r user/Patient.s user/*.r system/Observation.s",
    gty: "client-credentials",
  })!;
  assert.deepEqual([...levelsFor(grant, "Observation", "read")].sort(), ["patient", "user"]);
  assert.deepEqual([...levelsFor(grant, "Observation", "search")], ["system"]);
  assert.deepEqual([...levelsFor(grant, "Patient", "search")], ["user"]);
  assert.deepEqual([...levelsFor(grant, "DiagnosticReport", "read")], ["user"]);
  assert.equal(levelsFor(grant, "DiagnosticReport", "search").size, 0);
});

test("routes: a search needs .s and a read .r; $everything reads all three; other operations and non-FHIR paths", () => {
  const allows = (scope: string, path: string) => {
    try {
      requireSmartRoute(smartGrant({ scope })!, path);
      return true;
    } catch (error) {
      assert.equal((error as ApiError).status, 403);
      return (error as ApiError).message;
    }
  };
  assert.equal(
    allows("patient/Observation.r", "/fhir/Observation"),
    "The token's scopes do not allow searching Observation (needs e.g. patient/Observation.s)",
  );
  assert.equal(
    allows("patient/Observation.s", "/fhir/Observation/{id}"),
    "The token's scopes do not allow reading Observation (needs e.g. patient/Observation.r)",
  );
  assert.equal(allows("patient/Patient.r patient/Observation.r patient/DiagnosticReport.r", "/fhir/Patient/{id}/$everything"), true);
  assert.equal(
    allows("patient/*.s", "/fhir/Patient/{id}/$everything"),
    "The token's scopes do not allow reading Patient (needs e.g. patient/Patient.r)",
  );
  assert.equal(
    allows("patient/Patient.r patient/Observation.r", "/fhir/Patient/{id}/$everything"),
    "The token's scopes do not allow reading DiagnosticReport (needs e.g. patient/DiagnosticReport.r)",
  );
  assert.equal(allows("patient/Observation.r", "/fhir/Patient/$export"), true);
  assert.equal(allows("patient/Observation.r", "/fhir/$export"), true);
  assert.equal(allows("patient/Observation.r", "/fhir/.well-known/smart-configuration"), true);
  // A resource type starts with a capital: any other first segment names no type.
  assert.equal(allows("patient/Observation.r", "/fhir/metadataOfPatient"), true);
  for (const path of ["/fhir", "/api/fhir/Observation", "/fhirObservation"]) {
    assert.equal(allows("patient/*.rs", path), "This token carries SMART scopes, which grant FHIR reads only", path);
  }
});
