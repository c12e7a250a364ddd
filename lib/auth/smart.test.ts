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
