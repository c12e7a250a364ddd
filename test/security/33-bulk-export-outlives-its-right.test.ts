// Issue 38, items 3 and 6: a finished bulk export outlived the right to it. A clinician removed
// from the clinic, or whose clinic the patient left, downloaded the files for up to
// BULK_EXPORT_TTL_HOURS, and downloads wrote no audit row. Now every poll and download checks the
// requester may still read each patient in the export (else the export is withdrawn: 403, then
// gone), and every download is audited and shows in the patient's access log.
// Own server: FRONTEND_URL is its own origin (the export's links), and a system export reads every patient.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

const ASYNC = { prefer: "respond-async", accept: "application/fhir+json" };

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let admin: string;

async function newPatient(): Promise<{ id: number; token: string }> {
  const token = await idp.token({ sub: uniqueSub("patient"), roles: ["patient"], name: "Exported Patient" });
  const me = await api.get("/patients/me", { token });
  assert.equal((await api.post("/assessments/rom", romBody, { token })).status, 201);
  return { id: me.body.id, token };
}

/** A clinic, its clinician and a patient sharing with it. */
async function sharedPatient(): Promise<{
  team: CareTeam;
  clinicianSub: string;
  clinician: string;
  patient: { id: number; token: string };
}> {
  const clinicianSub = uniqueSub("clinician");
  const team = await careTeam(api, idp, [clinicianSub]);
  const patient = await newPatient();
  await team.share(patient.token);
  return { team, clinicianSub, clinician: await idp.token({ sub: clinicianSub, roles: ["care_provider"] }), patient };
}

const get = (url: string, token: string) =>
  fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/fhir+json" } }).then(async (response) => {
    await checked(server.origin, "GET", new URL(url).pathname.replace(/^\/api/, ""), response.clone());
    return response;
  });

/** Kick-off and poll to the manifest: the status URL and the file URLs. */
async function finishedExport(path: string, token: string): Promise<{ status: string; files: string[] }> {
  const kickOff = await api.get(`/fhir${path}`, { token, headers: ASYNC });
  assert.equal(kickOff.status, 202, JSON.stringify(kickOff.body));
  const status = kickOff.headers.get("content-location")!;
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await get(status, token);
    if (response.status === 200) {
      const manifest = (await response.json()) as { output: { url: string }[] };
      return { status, files: manifest.output.map((file) => file.url) };
    }
    assert.equal(response.status, 202);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${status} still running`);
}

async function withdrawn(url: string, token: string, status: string): Promise<void> {
  const refused = await get(url, token);
  assert.equal(refused.status, 403, url);
  const outcome = (await refused.json()) as { resourceType: string; issue: { diagnostics: string }[] };
  assert.equal(outcome.resourceType, "OperationOutcome");
  assert.match(outcome.issue[0]!.diagnostics, /may no longer read/);
  assert.equal((await get(status, token)).status, 404, "the export is gone");
}

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, ...(await ownOriginEnv()), PATIENT_ACCESS: "care-team" } });
  api = apiClient(server.origin);
  admin = await idp.token({ roles: ["admin"] });
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("the patient stops sharing: the clinician's next download of the finished export is refused and the export withdrawn", async () => {
  const { team, clinician, patient } = await sharedPatient();
  const { status, files } = await finishedExport("/Patient/$export", clinician);
  assert.equal((await get(files[0]!, clinician)).status, 200, "downloadable while shared");
  assert.equal((await api.request("DELETE", `/me/clinics/${team.clinicId}`, undefined, { token: patient.token })).status, 204);
  await withdrawn(files[1]!, clinician, status);
});

test("the clinician is removed from the clinic: the next poll of the finished Group export is refused and the export withdrawn", async () => {
  const { team, clinicianSub, clinician } = await sharedPatient();
  const { status } = await finishedExport(`/Group/${team.clinicId}/$export`, clinician);
  assert.equal(
    (await api.request("DELETE", `/clinics/${team.clinicId}/members/${encodeURIComponent(clinicianSub)}`, undefined, { token: admin }))
      .status,
    204,
  );
  await withdrawn(status, clinician, status);
});

test("every download is audited for each patient in the file and shows in the patient's access log", async () => {
  const { team, clinician, clinicianSub, patient } = await sharedPatient();
  const second = await newPatient();
  await team.share(second.token);
  const { files } = await finishedExport("/Patient/$export?_type=Observation", clinician);
  assert.equal(files.length, 1, "one Observation file holds both patients");
  for (let download = 0; download < 2; download++) assert.equal((await get(files[0]!, clinician)).status, 200);
  const audit = await api.get(`/admin/audit?actor=${encodeURIComponent(clinicianSub)}`, { token: admin });
  const downloads = audit.body.events.filter((event: { action: string }) => event.action === "fhir_bulk_download");
  assert.deepEqual(
    downloads.map((event: { patientId: number }) => event.patientId).sort((a: number, b: number) => a - b),
    [patient.id, patient.id, second.id, second.id].sort((a, b) => a - b),
  );
  for (const event of downloads) assert.equal(event.route, "/api/fhir/bulk-export/{id}/{file}");
  for (const each of [patient, second]) {
    const log = await api.get("/me/access-log", { token: each.token });
    // One visit (issue 37) holds both downloads; the audit rows above stay one per download.
    const visits = log.body.entries.filter((entry: { whats: string[] }) => entry.whats.includes("FHIR bulk export downloaded"));
    assert.equal(visits.length, 1, JSON.stringify(log.body.entries));
    assert.ok(visits[0].reads >= 2);
  }
});
