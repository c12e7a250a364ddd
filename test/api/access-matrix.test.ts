// The access rule, route by route (issue 24). Every endpoint of the catalog either returns or
// changes one patient's data, and then is in PATIENT_ROUTES and runs against every caller below,
// or is listed in OTHER_ROUTES with the reason it is not: a new route fails the first test until
// it is placed. For each route and caller the status is asserted, and that exactly the allowed
// reads by someone other than the patient left an audit row (matched by the answer's request id).
// Own server: it pages the admin's whole patient list and audit trail, which other files' rows would crowd.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { allEndpoints } from "@/lib/openapi/catalog";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

type Caller =
  | "the patient"
  | "another patient"
  | "clinician of a sharing clinic"
  | "clinician of another clinic"
  | "clinician after the patient revoked"
  | "clinician removed from the clinic"
  | "clinic admin"
  | "service admin"
  | "anonymous";

const CALLERS: Caller[] = [
  "the patient",
  "another patient",
  "clinician of a sharing clinic",
  "clinician of another clinic",
  "clinician after the patient revoked",
  "clinician removed from the clinic",
  "clinic admin",
  "service admin",
  "anonymous",
];

/** Who reads the patient: the rest must find no such patient. */
const ALLOWED = new Set<Caller>(["the patient", "clinician of a sharing clinic", "clinic admin", "service admin"]);

interface Ids {
  patient: number;
  assessment: number;
  journalEntry: number;
  report: number;
}

interface PatientRoute {
  request: (ids: Ids) => { path: string; body?: unknown };
  /** The success status (200 unless a write). */
  ok?: number;
  /** Anonymous callers: 401 unless the guard is optional. */
  anonymous?: number;
  /** A staff route: its role guard refuses patient tokens (403, whatever the id) before the rule. */
  staffOnly?: boolean;
  /** Callers the route answers otherwise than the read rule says (a write only the care team makes); unaudited unless a success. */
  except?: Partial<Record<Caller, number>>;
}

const journalBody = (ids: Ids) => ({ patientId: ids.patient, entryType: "AD_HOC_CHECK_IN", transcript: "Stiff this morning." });

/** Every route that returns or changes one patient's data. */
const PATIENT_ROUTES: Record<string, PatientRoute> = {
  "GET /patients/{id}": { request: (ids) => ({ path: `/patients/${ids.patient}` }), staffOnly: true },
  "GET /patients/{id}/scores": { request: (ids) => ({ path: `/patients/${ids.patient}/scores` }) },
  "GET /patients/{id}/assessments": { request: (ids) => ({ path: `/patients/${ids.patient}/assessments` }) },
  "GET /patients/{id}/journal": { request: (ids) => ({ path: `/patients/${ids.patient}/journal` }) },
  "POST /patients/{id}/review": { request: (ids) => ({ path: `/patients/${ids.patient}/review` }), staffOnly: true },
  "GET /patients/{id}/narrative-summary": { request: (ids) => ({ path: `/patients/${ids.patient}/narrative-summary` }) },
  "GET /journal": { request: (ids) => ({ path: `/journal?patientId=${ids.patient}` }) },
  "POST /journal": { request: (ids) => ({ path: "/journal", body: journalBody(ids) }), ok: 201 },
  "GET /journal/{id}": { request: (ids) => ({ path: `/journal/${ids.journalEntry}` }) },
  "GET /journal/narrative-context/{patientId}": { request: (ids) => ({ path: `/journal/narrative-context/${ids.patient}` }) },
  "GET /assessments/{id}/results": { request: (ids) => ({ path: `/assessments/${ids.assessment}/results` }), anonymous: 404 },
  "GET /patients/{id}/export": { request: (ids) => ({ path: `/patients/${ids.patient}/export` }) },
  "GET /patients/{id}/export/pdf": { request: (ids) => ({ path: `/patients/${ids.patient}/export/pdf` }) },
  "GET /patients/{id}/goals": { request: (ids) => ({ path: `/patients/${ids.patient}/goals` }) },
  "PUT /patients/{id}/goals": {
    request: (ids) => ({ path: `/patients/${ids.patient}/goals`, body: { test: "ROM", metric: "extensionDeg", target: 60 } }),
  },
  "DELETE /patients/{id}/goals/{test}/{metric}": {
    request: (ids) => ({ path: `/patients/${ids.patient}/goals/ROM/extensionDeg` }),
    ok: 204,
  },
  "POST /patients/{id}/reports": {
    request: (ids) => ({ path: `/patients/${ids.patient}/reports`, body: { assessmentIds: [ids.assessment] } }),
    ok: 201,
    staffOnly: true,
  },
  "GET /patients/{id}/notes": { request: (ids) => ({ path: `/patients/${ids.patient}/notes` }) },
  "POST /patients/{id}/notes": {
    request: (ids) => ({ path: `/patients/${ids.patient}/notes`, body: { text: "Reviewed with the patient." } }),
    ok: 201,
    staffOnly: true,
    // The service admin reads every patient but is of no clinic the patient shares with.
    except: { "service admin": 403 },
  },
  "GET /patients/{id}/reminders": { request: (ids) => ({ path: `/patients/${ids.patient}/reminders` }) },
  "PUT /patients/{id}/reminders": { request: (ids) => ({ path: `/patients/${ids.patient}/reminders`, body: { intervalWeeks: 2 } }) },
  "DELETE /patients/{id}/reminders": { request: (ids) => ({ path: `/patients/${ids.patient}/reminders` }) },
  "GET /fhir/Patient/{id}": { request: (ids) => ({ path: `/fhir/Patient/${ids.patient}` }) },
  "GET /fhir/Patient/{id}/$everything": { request: (ids) => ({ path: `/fhir/Patient/${ids.patient}/$everything` }) },
  "GET /fhir/Observation": { request: (ids) => ({ path: `/fhir/Observation?patient=${ids.patient}` }) },
  "GET /fhir/Observation/{id}": { request: (ids) => ({ path: `/fhir/Observation/${ids.assessment}` }) },
  "GET /fhir/DiagnosticReport": { request: (ids) => ({ path: `/fhir/DiagnosticReport?patient=${ids.patient}` }) },
  "GET /fhir/DiagnosticReport/{id}": { request: (ids) => ({ path: `/fhir/DiagnosticReport/${ids.report}` }) },
  "GET /fhir/Binary/{id}": { request: (ids) => ({ path: `/fhir/Binary/${ids.report}` }) },
};

/** Every other route, and why it is not one patient's data opened by id. */
const OTHER_ROUTES: Record<string, string> = {
  "GET /health": "service status",
  "GET /fhir/Patient/$export": "bulk export kick-off: patients by lib/access listScope, audited per patient (fhir-bulk.test.ts)",
  "GET /fhir/Group/{id}/$export": "bulk export kick-off: a clinic's patients by lib/access listScope (fhir-bulk.test.ts)",
  "GET /fhir/$export": "bulk export kick-off: the service admin or a backend service (fhir-bulk.test.ts)",
  "GET /fhir/bulk-export/{id}": "the requester's own export job",
  "DELETE /fhir/bulk-export/{id}": "the requester's own export job",
  "GET /fhir/bulk-export/{id}/{file}": "the requester's own export's files, audited when written",
  "GET /health/ready": "service status",
  "POST /assessments/arthritis": "creates the caller's own record",
  "POST /assessments/dexterity": "creates the caller's own record",
  "POST /assessments/pain": "creates the caller's own record",
  "POST /assessments/pain-v2": "creates the caller's own record",
  "POST /assessments/rom": "creates the caller's own record",
  "POST /assessments/quickdash": "creates the caller's own record",
  "POST /assessments/grip": "creates the caller's own record",
  "POST /assessments/prwe": "creates the caller's own record",
  "POST /lookup/anonymous": "creates an anonymous record",
  "POST /lookup/sample": "creates an anonymous sample record",
  "POST /lookup/{code}/claim": "the caller's own record, by its sharing code",
  "GET /codes/{code}": "what a sharing code names, no data",
  "POST /lookup/{code}/email": "by sharing code (a capability), audited",
  "GET /lookup/{code}": "by sharing code (a capability), audited",
  "GET /patients/me/assessments": "the caller's own record",
  "GET /patients/me": "the caller's own record",
  "GET /patients/me/scores": "the caller's own record",
  "PATCH /patients/me": "the caller's own record",
  "GET /patients/me/goals": "the caller's own record",
  "PUT /patients/me/goals": "the caller's own record",
  "DELETE /patients/me/goals/{test}/{metric}": "the caller's own record",
  "GET /patients/me/reminders": "the caller's own record",
  "PUT /patients/me/reminders": "the caller's own record",
  "DELETE /patients/me/reminders": "the caller's own record",
  "POST /reminders/unsubscribe/{token}": "by a signed unsubscribe link (a capability): stops that patient's reminders, returns no data",
  "GET /reminders/unsubscribe/{token}": "a redirect to the unsubscribe page, no data",
  "POST /admin/reminders/run": "the service admin runs the reminder job",
  "GET /patients": "a list scoped by lib/access listScope (tested below)",
  "GET /me/access-log": "the caller's own audit trail",
  "GET /me/clinics": "the caller's own shares",
  "POST /me/clinics": "the caller's own shares",
  "DELETE /me/clinics/{clinicId}": "the caller's own shares",
  "POST /clinics": "clinic administration",
  "GET /clinics": "clinic administration",
  "GET /clinics/{id}": "clinic administration",
  "GET /clinics/{id}/members": "clinic administration",
  "POST /clinics/{id}/members": "clinic administration",
  "DELETE /clinics/{id}/members/{sub}": "clinic administration",
  "POST /clinics/{id}/invitations": "clinic administration",
  "GET /clinics/{id}/invitations": "clinic administration",
  "DELETE /clinics/{id}/invitations/{invitationId}": "clinic administration",
  "POST /clinic-invitations/accept": "joining a clinic by an e-mailed invitation",
  "GET /clinic-codes/{joinCode}": "a clinic's name by its join code",
  "POST /reports": "bundles the caller's codes, audited; enters a record only for its patient or their care team",
  "POST /reports/{code}/email": "by sharing code (a capability), audited",
  "POST /reports/{code}/explain": "by sharing code (a capability), audited",
  "GET /reports/{code}": "by sharing code (a capability), audited",
  "GET /reports/{code}/pdf": "by sharing code (a capability), audited",
  "POST /biomechanics/thumb/abduction": "stateless computation",
  "POST /biomechanics/thumb/circumduction": "stateless computation",
  "POST /biomechanics/thumb/extension-flexion": "stateless computation",
  "POST /biomechanics/wrist/deviation": "stateless computation",
  "POST /biomechanics/wrist/deviation/neutral-pose": "stateless computation",
  "POST /biomechanics/wrist/extension-flexion": "stateless computation",
  "POST /biomechanics/wrist/extension-flexion/neutral-pose": "stateless computation",
  "POST /biomechanics/wrist/rotation": "stateless computation",
  "POST /biomechanics/wrist/rotation/neutral-pose": "stateless computation",
  "POST /ai/tts": "stateless computation",
  "POST /ai/ws-ticket": "a ticket for the caller's own voice socket",
  "GET /ai/ws": "the voice socket: the caller's own journal only (lib/voice/journal.ts)",
  "POST /billing/checkout": "the caller's own subscription",
  "POST /billing/portal": "the caller's own subscription",
  "GET /billing/subscription": "the caller's own subscription",
  "POST /billing/checkout/verify": "the caller's own subscription",
  "POST /billing/webhook": "the payment provider's events",
  "POST /leads/developer": "a contact form",
  "GET /admin/audit": "the service admin's audit trail",
  "GET /fhir/Organization/{id}": "a clinic, not a patient's data: its readers are tested below",
  "GET /fhir/CodeSystem/{id}": "terminology",
  "GET /fhir/metadata": "capability statement",
  "GET /fhir/.well-known/smart-configuration": "SMART discovery, no data",
  "GET /fhir/Patient": "a search scoped by lib/access searchScope, each patient shown audited (tested below)",
  "GET /fhir/{path}": "404 for anything else",
  "GET /asyncapi.json": "documentation",
  "GET /openapi.json": "documentation",
};

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
const tokens = {} as Record<Caller, string | undefined>;
const subs = {} as Record<Caller, string>;
let ids: Ids;
let adminToken: string;
let clinicA: { id: number; joinCode: string };
let otherPatientId: number;

async function ok<T = any>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const answer = await response;
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  return answer.body;
}

async function newClinic(name: string, adminSub?: string) {
  return ok(api.post("/clinics", { name, ...(adminSub ? { adminSub } : {}) }, { token: adminToken }), 201);
}

async function addMember(clinicId: number, sub: string, role = "clinician") {
  await ok(api.post(`/clinics/${clinicId}/members`, { sub, role }, { token: adminToken }), 201);
}

async function staff(caller: Caller, name: string) {
  subs[caller] = uniqueSub("staff");
  tokens[caller] = await idp.token({ sub: subs[caller], roles: ["care_provider"], name });
}

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, PATIENT_ACCESS: "care-team" } });
  api = apiClient(server.origin);
  adminToken = await idp.token({ roles: ["admin"], name: "Service Admin" });
  tokens["service admin"] = adminToken;
  tokens.anonymous = undefined;
  subs["the patient"] = uniqueSub("patient");
  tokens["the patient"] = await idp.token({
    sub: subs["the patient"],
    roles: ["patient"],
    name: "Pat Matrix",
    email: "pat.matrix@example.com",
  });
  tokens["another patient"] = await idp.token({ roles: ["patient"], name: "Other Patient" });
  for (const [caller, name] of [
    ["clinician of a sharing clinic", "Dr Sharing"],
    ["clinician of another clinic", "Dr Other"],
    ["clinician after the patient revoked", "Dr Revoked"],
    ["clinician removed from the clinic", "Dr Removed"],
    ["clinic admin", "Admin Of A"],
  ] as const) {
    await staff(caller, name);
  }

  clinicA = await newClinic("Clinic A", subs["clinic admin"]);
  const clinicB = await newClinic("Clinic B");
  const clinicC = await newClinic("Clinic C");
  await addMember(clinicA.id, subs["clinician of a sharing clinic"]);
  await addMember(clinicA.id, subs["clinician removed from the clinic"]);
  await addMember(clinicB.id, subs["clinician of another clinic"]);
  await addMember(clinicC.id, subs["clinician after the patient revoked"]);

  const patient = tokens["the patient"]!;
  const me = await ok(api.get("/patients/me", { token: patient }));
  otherPatientId = (await ok(api.get("/patients/me", { token: tokens["another patient"] }))).id;
  const rom = await ok(
    api.post("/assessments/rom", { hand: "RIGHT", overallScore: 62, wristScore: 70, fingerScore: 55 }, { token: patient }),
    201,
  );
  const entry = await ok(api.post("/journal", journalBody({ patient: me.id } as Ids), { token: patient }), 201);
  await ok(api.post("/reports", { title: "My hand", assessmentCodes: [rom.code] }, { token: patient }));
  const reports = await ok(api.get(`/fhir/DiagnosticReport?patient=${me.id}`, { token: patient }));
  const assessments = await ok(api.get("/patients/me/assessments", { token: patient }));
  ids = { patient: me.id, assessment: assessments.assessments[0].id, journalEntry: entry.id, report: Number(reports.entry[0].resource.id) };

  await ok(api.post("/me/clinics", { joinCode: clinicA.joinCode }, { token: patient }), 201);
  await ok(api.post("/me/clinics", { joinCode: clinicC.joinCode.toLowerCase() }, { token: patient }), 201);
  // Both read while they could...
  await ok(api.get(`/patients/${ids.patient}`, { token: tokens["clinician after the patient revoked"] }));
  await ok(api.get(`/patients/${ids.patient}`, { token: tokens["clinician removed from the clinic"] }));
  // ...then the patient stops sharing with C, and A's admin removes one clinician.
  await ok(api.request("DELETE", `/me/clinics/${clinicC.id}`, undefined, { token: patient }), 204);
  await ok(
    api.request("DELETE", `/clinics/${clinicA.id}/members/${encodeURIComponent(subs["clinician removed from the clinic"])}`, undefined, {
      token: tokens["clinic admin"],
    }),
    204,
  );
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("every route of the catalog is either in the matrix or says why it is not one patient's data", () => {
  const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
  const unplaced = keys.filter((key) => !(key in PATIENT_ROUTES) && !(key in OTHER_ROUTES));
  assert.deepEqual(unplaced, [], "place each new route in PATIENT_ROUTES or OTHER_ROUTES");
  const stale = [...Object.keys(PATIENT_ROUTES), ...Object.keys(OTHER_ROUTES)].filter((key) => !keys.includes(key));
  assert.deepEqual(stale, [], "routes the catalog no longer has");
});

describe("the access matrix", () => {
  const requestIds = new Map<string, { route: string; caller: Caller; succeeded: boolean }>();

  for (const [route, spec] of Object.entries(PATIENT_ROUTES)) {
    test(route, async () => {
      const [method] = route.split(" ");
      const failures: string[] = [];
      for (const caller of CALLERS) {
        const { path, body } = spec.request(ids);
        const response = await api.request(method!, path, body, { token: tokens[caller] });
        const expected =
          spec.except?.[caller] ??
          (caller === "anonymous"
            ? (spec.anonymous ?? 401)
            : spec.staffOnly && caller.endsWith("patient")
              ? 403
              : ALLOWED.has(caller)
                ? (spec.ok ?? 200)
                : 404);
        if (response.status !== expected) failures.push(`${caller}: ${response.status}, expected ${expected}`);
        requestIds.set(response.headers.get("x-request-id")!, { route, caller, succeeded: expected === (spec.ok ?? 200) });
      }
      assert.deepEqual(failures, []);
    });
  }

  test("exactly the allowed reads by others left an audit row, one per request", async () => {
    const rows: { requestId: string; patientId: number; action: string }[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await ok(api.get(`/admin/audit?patientId=${ids.patient}&limit=200&offset=${offset}`, { token: adminToken }));
      rows.push(...page.events);
      if (rows.length >= page.total) break;
    }
    const perRequest = new Map<string, number>();
    for (const row of rows) perRequest.set(row.requestId, (perRequest.get(row.requestId) ?? 0) + 1);
    const wrong: string[] = [];
    for (const [requestId, { route, caller, succeeded }] of requestIds) {
      const expected = succeeded && caller !== "the patient" ? 1 : 0;
      const found = perRequest.get(requestId) ?? 0;
      if (found !== expected) wrong.push(`${route} by ${caller}: ${found} row(s), expected ${expected}`);
    }
    assert.deepEqual(wrong, []);
  });
});

describe("lists, clinics and the patient's side", () => {
  test("GET /patients lists only the patients sharing with the caller's clinics, with totals over that set", async () => {
    const names = async (caller: Caller, query = "") => {
      const page = await ok(api.get(`/patients?limit=200${query}`, { token: tokens[caller] }));
      return { ids: page.patients.map((p: { id: number }) => p.id), total: page.total };
    };
    assert.deepEqual(await names("clinician of a sharing clinic"), { ids: [ids.patient], total: 1 });
    assert.deepEqual(await names("clinician of a sharing clinic", `&clinicId=${clinicA.id}`), { ids: [ids.patient], total: 1 });
    assert.deepEqual(await names("clinician of another clinic"), { ids: [], total: 0 });
    assert.deepEqual(await names("clinician of another clinic", `&clinicId=${clinicA.id}`), { ids: [], total: 0 });
    assert.deepEqual(await names("clinician after the patient revoked"), { ids: [], total: 0 });
    assert.deepEqual(await names("clinician removed from the clinic"), { ids: [], total: 0 });
    const all = await names("service admin");
    assert.ok(all.ids.includes(ids.patient) && all.ids.includes(otherPatientId));
  });

  test("FHIR Patient search by identifier finds the patient for exactly the callers who may read them, audited", async () => {
    const own = await ok(api.get(`/fhir/Patient/${ids.patient}`, { token: tokens["the patient"] }));
    const { system } = own.identifier[0];
    const failures: string[] = [];
    const audited = new Set<string>();
    for (const caller of CALLERS) {
      const response = await api.get(`/fhir/Patient?identifier=${encodeURIComponent(`${system}|${ids.patient}`)}`, {
        token: tokens[caller],
      });
      const expected = caller === "anonymous" ? [401, undefined] : [200, ALLOWED.has(caller) ? 1 : 0];
      const found = [response.status, response.body.total];
      if (JSON.stringify(found) !== JSON.stringify(expected)) failures.push(`${caller}: ${found}, expected ${expected}`);
      if (ALLOWED.has(caller) && caller !== "the patient") audited.add(response.headers.get("x-request-id")!);
    }
    assert.deepEqual(failures, []);
    const events = (await ok(api.get(`/admin/audit?patientId=${ids.patient}&limit=200`, { token: adminToken }))).events as {
      requestId: string;
      action: string;
    }[];
    const searches = events.filter((event) => event.action === "fhir_search_patients").map((event) => event.requestId);
    assert.deepEqual(searches.sort(), [...audited].sort());
  });

  test("only the service admin and the clinic's admins manage members; other clinics do not exist for a member", async () => {
    const sub = uniqueSub("newcomer");
    const add = (token: string | undefined, clinicId = clinicA.id) =>
      api.post(`/clinics/${clinicId}/members`, { sub, role: "clinician" }, { token });
    assert.equal((await add(tokens["clinician of a sharing clinic"])).status, 403);
    assert.equal((await add(tokens["clinician of another clinic"])).status, 404);
    assert.equal((await add(tokens["the patient"])).status, 403);
    const added = await ok(add(tokens["clinic admin"]), 201);
    assert.deepEqual([added.sub, added.role, added.addedBy], [sub, "clinician", subs["clinic admin"]]);
    const members = await ok(api.get(`/clinics/${clinicA.id}/members`, { token: tokens["clinician of a sharing clinic"] }));
    assert.ok(members.members.some((m: { sub: string }) => m.sub === sub));
    assert.equal((await api.get(`/clinics/${clinicA.id}`, { token: tokens["clinician of another clinic"] })).status, 404);
    const mine = await ok(api.get("/clinics", { token: tokens["clinic admin"] }));
    assert.deepEqual(
      mine.clinics.map((c: { name: string; role: string; patientCount: number }) => [c.name, c.role, c.patientCount]),
      [["Clinic A", "clinic_admin", 1]],
    );
  });

  test("a patient sees a clinic's name by its join code, shares, and reads who looked at their record", async () => {
    const byCode = await ok(
      api.get(`/clinic-codes/${clinicA.joinCode.slice(0, 5)}-${clinicA.joinCode.slice(5)}`, { token: tokens["another patient"] }),
    );
    assert.deepEqual(byCode, { id: clinicA.id, name: "Clinic A" });
    assert.equal((await api.get("/clinic-codes/AAAAA-AAAAA", { token: tokens["another patient"] })).status, 404);
    const shares = await ok(api.get("/me/clinics", { token: tokens["the patient"] }));
    assert.deepEqual(
      shares.clinics.map((c: { name: string }) => c.name),
      ["Clinic A"],
    );
    const log = await ok(api.get("/me/access-log?limit=200", { token: tokens["the patient"] }));
    const profileRead = log.entries.find((e: { name: string; whats: string[] }) => e.name === "Dr Sharing" && e.whats.includes("profile"));
    assert.deepEqual([profileRead?.role, profileRead?.clinics], ["care_provider", ["Clinic A"]]);
    assert.ok(log.entries.some((e: { name: string }) => e.name === "Service Admin"));
    assert.ok(
      log.entries.every((e: { name: string }) => e.name !== "Pat Matrix"),
      "the patient's own actions are not listed",
    );
    assert.equal(log.total, log.entries.length);
  });

  test("the access log names the clinic whose share let the clinician in, not every clinic they belong to", async () => {
    const sub = uniqueSub("two-clinics");
    const token = await idp.token({ sub, roles: ["care_provider"], name: "Dr Two Clinics" });
    const unshared = await newClinic("Clinic E (not shared)");
    await addMember(unshared.id, sub);
    await addMember(clinicA.id, sub);
    await ok(api.get(`/patients/${ids.patient}`, { token }));
    await ok(api.get("/patients", { token }));
    const log = await ok(api.get("/me/access-log?limit=200", { token: tokens["the patient"] }));
    const reads = log.entries
      .filter((e: { name: string }) => e.name === "Dr Two Clinics")
      .map((e: { whats: string[]; clinic: unknown; clinics: string[] }) => [e.whats, e.clinic, e.clinics]);
    // One visit (issue 37): the profile, then the list.
    assert.deepEqual(reads, [[["profile", "patient list"], { id: clinicA.id, name: "Clinic A" }, ["Clinic A"]]]);
    // The service admin's reads were granted by no share: no clinic, and the clinics they belong to (none).
    const admin = log.entries.find((e: { name: string }) => e.name === "Service Admin");
    assert.deepEqual([admin.clinic, admin.clinics], [null, []]);
  });

  test("FHIR: the clinic is an Organization its members, the service admin and its patients read; the Patient names it", async () => {
    const fhir = (path: string, caller: Caller) => api.get(`/fhir${path}`, { token: tokens[caller] });
    const expected: Record<Caller, number> = {
      "the patient": 200,
      "another patient": 404,
      "clinician of a sharing clinic": 200,
      "clinician of another clinic": 404,
      "clinician after the patient revoked": 404,
      "clinician removed from the clinic": 404,
      "clinic admin": 200,
      "service admin": 200,
      anonymous: 401,
    };
    const got = {} as Record<Caller, number>;
    for (const caller of CALLERS) {
      const response = await fhir(`/Organization/${clinicA.id}`, caller);
      got[caller] = response.status;
      if (response.status === 200) assert.deepEqual([response.body.resourceType, response.body.name], ["Organization", "Clinic A"]);
      else assert.equal(response.body.resourceType, "OperationOutcome");
    }
    assert.deepEqual(got, expected);

    const patient = await ok(fhir(`/Patient/${ids.patient}`, "clinician of a sharing clinic"));
    assert.deepEqual(patient.managingOrganization, { reference: `Organization/${clinicA.id}`, display: "Clinic A" });
    const everything = await fhir(`/Patient/${ids.patient}/$everything`, "clinician of another clinic");
    assert.deepEqual(
      [everything.status, everything.body.resourceType, everything.body.issue[0].code],
      [404, "OperationOutcome", "not-found"],
    );
  });

  test("a clinic keeps an admin: removing or demoting its last one is refused with 409", async () => {
    const first = uniqueSub("first-admin");
    const second = uniqueSub("second-admin");
    const firstToken = await idp.token({ sub: first, roles: ["care_provider"], name: "First Admin" });
    const clinic = await newClinic("Clinic D", first);
    const remove = (sub: string, token: string) =>
      api.request<{ error: string; code?: string }>("DELETE", `/clinics/${clinic.id}/members/${encodeURIComponent(sub)}`, undefined, {
        token,
      });
    const setRole = (sub: string, role: string, token: string) => api.post(`/clinics/${clinic.id}/members`, { sub, role }, { token });

    const refused = await remove(first, firstToken);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, "LAST_CLINIC_ADMIN");
    assert.match(refused.body.error, /last admin/);
    assert.equal((await remove(first, adminToken)).status, 409, "the service admin too");
    assert.equal((await setRole(first, "clinician", adminToken)).status, 409);

    await ok(setRole(second, "clinic_admin", firstToken), 201);
    await ok(setRole(first, "clinician", adminToken), 201);
    assert.equal((await remove(second, adminToken)).status, 409);
    const members = await ok(api.get(`/clinics/${clinic.id}/members`, { token: adminToken }));
    assert.deepEqual(
      members.members.map((m: { sub: string; role: string }) => [m.sub, m.role]),
      [
        [second, "clinic_admin"],
        [first, "clinician"],
      ],
    );
    await ok(remove(first, adminToken), 204);
  });
});
