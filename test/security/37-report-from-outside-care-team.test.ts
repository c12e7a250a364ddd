// Issue 38, rows 2 and 6: a staff account holding one of a patient's sharing codes, though the
// care-team rule refused it every read of that patient, added a `final` DiagnosticReport titled
// as it chose to the patient's FHIR record; nothing in it named who made it, and the patient's
// access log did not show it. A staff member's report now enters the record only when the access
// rule let them read the patient as they made it; the DiagnosticReport names its author (and the
// clinic whose share let them in); every report made from a patient's codes is in their log.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

const OUTSIDER_TITLE = "Outside opinion: surgery not indicated";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let team: CareTeam;
let treating: string;
let outsider: string;

interface LogEntry {
  role: string;
  name: string | null;
  clinic: { id: number; name: string | null } | null;
  whats: string[];
}

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
  const treatingSub = uniqueSub("treating");
  treating = await idp.token({ sub: treatingSub, roles: ["care_provider"], name: "Dr Treating" });
  outsider = await idp.token({ sub: uniqueSub("outsider"), roles: ["care_provider"], name: "Dr Outsider" });
  team = await careTeam(api, idp, [treatingSub], "Hand Clinic North");
  // Their contacts exist, with their names, once they have called once.
  for (const token of [treating, outsider]) assert.equal((await api.get("/patients", { token })).status, 200);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

async function newPatient() {
  const token = await idp.token({ sub: uniqueSub("patient"), roles: ["patient"], name: "Pat Record" });
  const id = (await api.get("/patients/me", { token })).body.id as number;
  const submitted = await api.post("/assessments/rom", romBody, { token });
  assert.equal(submitted.status, 201);
  await team.share(token);
  return { id, token, code: submitted.body.code as string };
}

async function report(code: string, title: string, token?: string) {
  const made = await api.post("/reports", { title, assessmentCodes: [code] }, token ? { token } : {});
  assert.equal(made.status, 200, JSON.stringify(made.body));
  return made.body as { code: string };
}

async function accessLog(token: string): Promise<LogEntry[]> {
  const log = await api.get("/me/access-log?limit=200", { token });
  assert.equal(log.status, 200);
  return log.body.entries as LogEntry[];
}

test("a clinician outside the care team makes no DiagnosticReport in the patient's record", async () => {
  const patient = await newPatient();
  assert.equal((await api.get(`/patients/${patient.id}`, { token: outsider })).status, 404, "the rule refuses the outsider");
  await report(patient.code, OUTSIDER_TITLE, outsider);
  await report(patient.code, "Clinic review", treating);
  for (const token of [treating, patient.token]) {
    const reports = await api.get(`/fhir/DiagnosticReport?patient=${patient.id}`, { token });
    assert.equal(reports.status, 200);
    assert.equal(reports.body.total, 1, "the care team's report alone");
    assert.ok(!JSON.stringify(reports.body).includes(OUTSIDER_TITLE), "the outsider's title is nowhere in the record");
    const everything = await api.get(`/fhir/Patient/${patient.id}/$everything`, { token });
    assert.ok(!JSON.stringify(everything.body).includes(OUTSIDER_TITLE));
  }
});

test("a DiagnosticReport names who made it: the clinician and their clinic, or the patient", async () => {
  const patient = await newPatient();
  await report(patient.code, "Clinic review", treating);
  await report(patient.code, "My own summary", patient.token);
  const reports = await api.get(`/fhir/DiagnosticReport?patient=${patient.id}`, { token: treating });
  const byTitle = new Map(
    (reports.body.entry as { resource: { code: { text: string }; performer?: unknown } }[]).map((e) => [e.resource.code.text, e.resource]),
  );
  assert.deepEqual(byTitle.get("Clinic review")?.performer, [
    { reference: `Organization/${team.clinicId}`, display: "Hand Clinic North" },
    { display: "Dr Treating (clinician)" },
  ]);
  assert.deepEqual(byTitle.get("My own summary")?.performer, [{ display: "Pat Record (the patient)" }]);
});

test("the patient's access log shows every report made from their codes, by whom", async () => {
  const patient = await newPatient();
  await report(patient.code, "Anyone's", undefined);
  await report(patient.code, OUTSIDER_TITLE, outsider);
  await report(patient.code, "Clinic review", treating);
  await report(patient.code, "My own summary", patient.token);
  const made = (await accessLog(patient.token)).filter((entry) => entry.whats.includes("report made from your results"));
  assert.deepEqual(
    made.map(({ role, name, clinic }) => ({ role, name, clinic: clinic?.name ?? null })),
    [
      { role: "care_provider", name: "Dr Treating", clinic: "Hand Clinic North" },
      { role: "care_provider", name: "Dr Outsider", clinic: null },
      { role: "anonymous", name: null, clinic: null },
    ],
    "newest first; the patient's own report is theirs, not someone else's look",
  );
});
