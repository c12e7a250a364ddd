// SMART on FHIR: discovery from the identity provider's OpenID configuration (and a 503 when it
// cannot be read), the CapabilityStatement's SMART security, the Bearer challenge on 401, SMART
// v2 scopes on FHIR reads (patient/ held to the token's patient and to the access rule, user/
// to the access rule, system/ for backend tokens only, other types 403), and CORS for SMART apps.
// Own server: FRONTEND_URL and FHIR_CORS_ORIGINS of its own, and an identity provider that cannot be reached.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { CapabilityStatement, OperationOutcome } from "@medplum/fhirtypes";
import { romBody } from "@/lib/assessments/examples";
import { apiClient, checked } from "@/test/support/http";
import { openIdConfiguration, startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { freePort, ownOriginEnv, startServer, type TestServer } from "@/test/support/server";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";
import { handshakeStatus } from "@/test/support/voice";

const SMART_APP = "https://smart-app.example";
/** Read and search of every type at each level (built, so that no source text holds a comment opener). */
const EVERY = { patient: `patient/${"*"}.rs`, user: `user/${"*"}.rs`, system: `system/${"*"}.rs` };

let idp: IdentityProvider;
let server: TestServer;
let downServer: TestServer;
let devServer: SharedServer;
let api: ReturnType<typeof apiClient>;
let alice: { id: number; sub: string };
let bob: { id: number; sub: string };
let aliceObservation: number;

async function newPatient(): Promise<{ id: number; sub: string }> {
  const sub = uniqueSub("patient");
  const me = await api.get("/patients/me", { token: await idp.token({ sub, roles: ["patient"] }) });
  assert.equal(me.status, 200);
  return { id: me.body.id, sub };
}

const smartToken = (sub: string, roles: string[], claims: Record<string, unknown>) => idp.token({ sub, roles, claims });

async function fhirStatus(path: string, token: string): Promise<{ status: number; headers: Headers; body: OperationOutcome }> {
  const response = await api.get(`/fhir${path}`, { token, headers: { accept: "application/fhir+json" } });
  return { status: response.status, headers: response.headers, body: response.body };
}

before(async () => {
  idp = await startIdentityProvider();
  const closed = await freePort();
  [server, downServer, devServer] = await Promise.all([
    startServer({
      env: {
        ...idp.env,
        ...(await ownOriginEnv()),
        PATIENT_ACCESS: "care-team",
        FHIR_CORS_ORIGINS: `${SMART_APP},https://other-app.example`,
      },
    }),
    // An identity provider that cannot be reached: nothing listens on this port.
    startServer({ env: { ...idp.env, AUTH0_DOMAIN: `127.0.0.1:${closed}`, AUTH0_ISSUER_BASE_URL: `http://127.0.0.1:${closed}/` } }),
    // Development auth: no identity provider at all.
    sharedServer(),
  ]);
  api = apiClient(server.origin);
  [alice, bob] = [await newPatient(), await newPatient()];
  const aliceToken = await idp.token({ sub: alice.sub, roles: ["patient"] });
  const rom = await api.post("/assessments/rom", romBody, { token: aliceToken });
  assert.equal(rom.status, 201);
  await api.post("/assessments/rom", romBody, { token: await idp.token({ sub: bob.sub, roles: ["patient"] }) });
  const search = await api.get(`/fhir/Observation?patient=${alice.id}`, { token: aliceToken });
  aliceObservation = Number(search.body.entry[0].resource.id);
});

after(async () => {
  await Promise.all([server?.stop(), downServer?.stop(), devServer?.stop()]);
  await idp?.close();
});

describe("discovery", () => {
  test("smart-configuration names the identity provider's endpoints and this service's scopes and capabilities", async () => {
    const response = await api.get("/fhir/.well-known/smart-configuration");
    assert.equal(response.status, 200);
    const idpConfig = openIdConfiguration(idp.issuer);
    assert.equal(response.body.issuer, idp.issuer);
    assert.equal(response.body.authorization_endpoint, idpConfig.authorization_endpoint);
    assert.equal(response.body.token_endpoint, idpConfig.token_endpoint);
    assert.equal(response.body.jwks_uri, idpConfig.jwks_uri);
    assert.deepEqual(response.body.grant_types_supported, ["authorization_code", "client_credentials"]);
    assert.deepEqual(response.body.code_challenge_methods_supported, ["S256"]);
    assert.deepEqual(response.body.response_types_supported, ["code"]);
    for (const scope of ["launch/patient", "openid", "fhirUser", EVERY.patient, EVERY.user, EVERY.system, "patient/Observation.rs"]) {
      assert.ok(response.body.scopes_supported.includes(scope), scope);
    }
    for (const capability of [
      "launch-standalone",
      "client-public",
      "client-confidential-symmetric",
      "context-standalone-patient",
      "permission-v2",
      "permission-patient",
      "permission-user",
      "sso-openid-connect",
    ]) {
      assert.ok(response.body.capabilities.includes(capability), capability);
    }
  });

  test("smart-configuration answers 503 OperationOutcome when the identity provider cannot be reached", async () => {
    const response = await apiClient(downServer.origin).get<OperationOutcome>("/fhir/.well-known/smart-configuration");
    assert.equal(response.status, 503);
    assert.equal(response.body.resourceType, "OperationOutcome");
    assert.equal(response.body.issue[0]!.code, "transient");
    assert.ok(response.headers.get("retry-after"));
  });

  test("smart-configuration answers 404 OperationOutcome without an identity provider (development auth)", async () => {
    const response = await apiClient(devServer.origin).get<OperationOutcome>("/fhir/.well-known/smart-configuration");
    assert.equal(response.status, 404);
    assert.equal(response.body.resourceType, "OperationOutcome");
  });

  test("the CapabilityStatement names the SMART service with the provider's authorize and token endpoints", async () => {
    const response = await api.get<CapabilityStatement>("/fhir/metadata");
    const security = response.body.rest![0]!.security!;
    assert.equal(security.cors, true);
    assert.deepEqual(security.service![0]!.coding![0], {
      system: "http://terminology.hl7.org/CodeSystem/restful-security-service",
      code: "SMART-on-FHIR",
    });
    const uris = security.extension!.find((e) => e.url === "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris")!;
    const byName = Object.fromEntries(uris.extension!.map((e) => [e.url, e.valueUri]));
    assert.equal(byName.authorize, openIdConfiguration(idp.issuer).authorization_endpoint);
    assert.equal(byName.token, openIdConfiguration(idp.issuer).token_endpoint);
    // With the provider unreachable the statement is still served, naming the service without its endpoints.
    const down = await apiClient(downServer.origin).get<CapabilityStatement>("/fhir/metadata");
    assert.equal(down.status, 200);
    assert.equal(down.body.rest![0]!.security!.service![0]!.coding![0]!.code, "SMART-on-FHIR");
    assert.equal(down.body.rest![0]!.security!.extension, undefined);
  });
});

describe("the Bearer challenge", () => {
  test("a FHIR read without a token answers 401 with WWW-Authenticate: Bearer and an OperationOutcome", async () => {
    const response = await api.get<OperationOutcome>(`/fhir/Patient/${alice.id}`);
    assert.equal(response.status, 401);
    assert.equal(response.headers.get("www-authenticate"), 'Bearer realm="hand-assessment"');
    assert.equal(response.body.resourceType, "OperationOutcome");
    assert.equal(response.body.issue[0]!.code, "login");
  });

  test("a FHIR read with a bad token answers 401 with error=invalid_token", async () => {
    const expired = await idp.token({ sub: alice.sub, expiresIn: -60 });
    const response = await api.get<OperationOutcome>(`/fhir/Patient/${alice.id}`, { token: expired });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get("www-authenticate"), 'Bearer realm="hand-assessment", error="invalid_token"');
    assert.equal(response.body.resourceType, "OperationOutcome");
  });
});

describe("SMART scopes", () => {
  test("a patient/ scope on every type reads the token's patient and nobody else (404)", async () => {
    const token = await smartToken(alice.sub, ["patient"], { scope: `launch/patient openid ${EVERY.patient}`, patient: String(alice.id) });
    assert.equal((await fhirStatus(`/Observation?patient=${alice.id}`, token)).status, 200);
    assert.equal((await fhirStatus(`/Patient/${alice.id}`, token)).status, 200);
    assert.equal((await fhirStatus(`/Patient/${alice.id}/$everything`, token)).status, 200);
    assert.equal((await fhirStatus(`/Observation?patient=${bob.id}`, token)).status, 404);
    assert.equal((await fhirStatus(`/Patient/${bob.id}`, token)).status, 404);
  });

  test("patient/Observation.rs reads Observations; Patient and DiagnosticReport answer 403 insufficient_scope", async () => {
    const token = await smartToken(alice.sub, ["patient"], { scope: "patient/Observation.rs", patient: alice.id });
    assert.equal((await fhirStatus(`/Observation?patient=${alice.id}`, token)).status, 200);
    assert.equal((await fhirStatus(`/Observation/${aliceObservation}`, token)).status, 200);
    for (const path of [`/Patient/${alice.id}`, `/DiagnosticReport?patient=${alice.id}`, `/Patient/${alice.id}/$everything`]) {
      const refused = await fhirStatus(path, token);
      assert.equal(refused.status, 403, path);
      assert.equal(refused.body.resourceType, "OperationOutcome");
      assert.equal(refused.body.issue[0]!.code, "forbidden");
      assert.match(refused.headers.get("www-authenticate") ?? "", /^Bearer realm="hand-assessment", error="insufficient_scope"/);
    }
  });

  test("v1 .read scopes count as .rs; a search-only scope does not read by id", async () => {
    const v1 = await smartToken(alice.sub, ["patient"], { scope: "patient/Observation.read", patient: alice.id });
    assert.equal((await fhirStatus(`/Observation/${aliceObservation}`, v1)).status, 200);
    const searchOnly = await smartToken(alice.sub, ["patient"], { scope: "patient/Observation.s", patient: alice.id });
    assert.equal((await fhirStatus(`/Observation?patient=${alice.id}`, searchOnly)).status, 200);
    assert.equal((await fhirStatus(`/Observation/${aliceObservation}`, searchOnly)).status, 403);
  });

  test("the patient context may come from fhirUser; without one, patient/ scopes read nobody", async () => {
    const viaFhirUser = await smartToken(alice.sub, ["patient"], { scope: EVERY.patient, fhirUser: `Patient/${alice.id}` });
    assert.equal((await fhirStatus(`/Patient/${alice.id}`, viaFhirUser)).status, 200);
    const noContext = await smartToken(alice.sub, ["patient"], { scope: EVERY.patient });
    assert.equal((await fhirStatus(`/Patient/${alice.id}`, noContext)).status, 404);
  });

  test("a patient context narrows the access rule, never widens it: a clinician without a share still gets 404", async () => {
    const clinician = await smartToken(uniqueSub("provider"), ["care_provider"], { scope: EVERY.patient, patient: alice.id });
    assert.equal((await fhirStatus(`/Patient/${alice.id}`, clinician)).status, 404);
    const otherPatient = await smartToken(bob.sub, ["patient"], { scope: EVERY.patient, patient: alice.id });
    assert.equal((await fhirStatus(`/Patient/${alice.id}`, otherPatient)).status, 404);
  });

  test("a user/ scope on every type follows the access rule: the admin reads anyone, a clinician without a share and another patient nobody", async () => {
    const admin = await smartToken(uniqueSub("admin"), ["admin"], { scope: EVERY.user });
    assert.equal((await fhirStatus(`/Patient/${bob.id}`, admin)).status, 200);
    const clinician = await smartToken(uniqueSub("provider"), ["care_provider"], { scope: EVERY.user });
    assert.equal((await fhirStatus(`/Patient/${bob.id}`, clinician)).status, 404);
    const aliceUser = await smartToken(alice.sub, ["patient"], { scope: EVERY.user });
    assert.equal((await fhirStatus(`/Patient/${alice.id}`, aliceUser)).status, 200);
    assert.equal((await fhirStatus(`/Patient/${bob.id}`, aliceUser)).status, 404);
  });

  test("a system/ scope on every type reads any patient with a client-credentials token, and grants nothing to a user's token", async () => {
    const backend = await smartToken("backend-client@clients", [], { scope: EVERY.system, gty: "client-credentials" });
    assert.equal((await fhirStatus(`/Patient/${bob.id}`, backend)).status, 200);
    assert.equal((await fhirStatus(`/Observation?patient=${alice.id}`, backend)).status, 200);
    // The backend service is nobody's patient: the admin's patient list does not show it.
    const admin = await idp.token({ sub: uniqueSub("admin"), roles: ["admin"] });
    const listed = await api.get("/patients", { token: admin });
    assert.deepEqual(listed.body.patients.map((row: { id: number }) => row.id).sort(), [alice.id, bob.id].sort());
    const userToken = await smartToken(alice.sub, ["patient"], { scope: EVERY.system });
    assert.equal((await fhirStatus(`/Patient/${alice.id}`, userToken)).status, 403);
  });

  test("a SMART-scoped token is refused outside the FHIR API, voice socket included; a token without SMART scopes keeps the role rule", async () => {
    const smart = await smartToken(alice.sub, ["patient"], { scope: EVERY.patient, patient: alice.id });
    const elsewhere = await api.get("/patients/me", { token: smart, unchecked: true });
    assert.equal(elsewhere.status, 403);
    const voice = `${server.origin.replace(/^http/, "ws")}/api/ai/ws?audio=off`;
    assert.equal(await handshakeStatus(voice, { headers: { authorization: `Bearer ${smart}` } }), 403);
    const plain = await smartToken(alice.sub, ["patient"], { scope: "openid profile email" });
    assert.equal((await fhirStatus(`/Patient/${alice.id}`, plain)).status, 200);
    assert.equal((await api.get("/patients/me", { token: plain })).status, 200);
  });
});

describe("CORS for SMART apps", () => {
  const preflight = (origin: string, path = "/api/fhir/Observation") =>
    fetch(`${server.origin}${path}`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });

  test("a listed SMART app's preflight is allowed with the Authorization header, without credentials", async () => {
    const response = await preflight(SMART_APP);
    assert.equal(response.status, 204);
    assert.equal(response.headers.get("access-control-allow-origin"), SMART_APP);
    assert.match(response.headers.get("access-control-allow-headers") ?? "", /\bAuthorization\b/);
    assert.match(response.headers.get("access-control-allow-methods") ?? "", /\bGET\b/);
    assert.equal(response.headers.get("access-control-allow-credentials"), null);
  });

  test("a listed SMART app's read carries Access-Control-Allow-Origin and exposes ETag, Location and Content-Location", async () => {
    const token = await smartToken(alice.sub, ["patient"], { scope: EVERY.patient, patient: alice.id });
    const path = `/api/fhir/Patient/${alice.id}`;
    const response = await fetch(`${server.origin}${path}`, { headers: { origin: SMART_APP, authorization: `Bearer ${token}` } });
    await checked(server.origin, "GET", path.slice(4), response);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("access-control-allow-origin"), SMART_APP);
    const exposed = (response.headers.get("access-control-expose-headers") ?? "").split(/,\s*/);
    for (const header of ["ETag", "Location", "Content-Location", "WWW-Authenticate"]) assert.ok(exposed.includes(header), header);
  });

  test("an unlisted origin gets no CORS headers, and a SMART app's origin none outside /api/fhir", async () => {
    const denied = await preflight("https://evil.example");
    assert.equal(denied.headers.get("access-control-allow-origin"), null);
    const read = await checked(
      server.origin,
      "GET",
      "/fhir/metadata",
      await fetch(`${server.origin}/api/fhir/metadata`, { headers: { origin: "https://evil.example" } }),
    );
    assert.equal(read.headers.get("access-control-allow-origin"), null);
    const outside = await preflight(SMART_APP, "/api/patients/me");
    assert.equal(outside.headers.get("access-control-allow-origin"), null);
  });
});
