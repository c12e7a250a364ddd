// The isolation the access rule cannot give: once a caller may open a patient, the queries behind
// the route decide whose rows come back. Each test runs beside two neighbours (test/support/
// neighbours.ts), one in the same clinic and one in another, and checks their rows are neither in
// the answer nor changed in the database.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { seedNeighbours, type Neighbours } from "@/test/support/neighbours";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let team: CareTeam;
let neighbours: Neighbours;
let clinician: string;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: idp.env });
  api = apiClient(server.origin);
  const clinicianSub = uniqueSub("clinician");
  clinician = await idp.token({ sub: clinicianSub, roles: ["care_provider"] });
  team = await careTeam(api, idp, [clinicianSub]);
  neighbours = await seedNeighbours(api, idp, team);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

async function patient(): Promise<{ id: number; token: string; code: string }> {
  const token = await idp.token({ sub: uniqueSub("patient"), roles: ["patient"], name: "Patient Under Test" });
  const made = await api.post("/assessments/rom", romBody, { token });
  assert.equal(made.status, 201);
  await team.share(token);
  return { id: (await api.get("/patients/me", { token })).body.id, token, code: made.body.code };
}

test("a patient who stops sharing with a clinic ends only their own share: the neighbours' shares and data stay", async () => {
  const pat = await patient();
  assert.equal((await api.request("DELETE", `/me/clinics/${team.clinicId}`, undefined, { token: pat.token })).status, 204);
  assert.equal((await api.get(`/patients/${pat.id}/assessments`, { token: clinician, unchecked: true })).status, 404);
  assert.equal((await api.get(`/patients/${neighbours.sameClinic.id}/assessments`, { token: clinician })).status, 200);
  await neighbours.untouched();
  await team.share(pat.token);
});

test("the history CSV holds the patient's records and none of the neighbours'", async () => {
  const pat = await patient();
  const csv = await api.get<string>(`/patients/${pat.id}/export`, { token: clinician });
  assert.equal(csv.status, 200);
  neighbours.absent(csv.body, "the CSV");
  await neighbours.untouched();
});

test("a goal's measurements are the patient's own results, none of the neighbours'", async () => {
  const pat = await patient();
  const goal = await api.request<{ points: { value: number }[] }>(
    "PUT",
    `/patients/${pat.id}/goals`,
    { test: "ROM", metric: "extensionDeg", target: 70 },
    { token: clinician },
  );
  assert.equal(goal.status, 200, JSON.stringify(goal.body));
  assert.deepEqual(
    goal.body.points.map((point) => point.value),
    [romBody.wrist.max_extension_deg],
  );
  neighbours.absent(JSON.stringify(goal.body), "the goal");
  await neighbours.untouched();
});
