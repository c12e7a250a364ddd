// Issue 23, row 9 (journal authors): a care provider's entry in a patient's journal looked like
// the patient's own words. Entries now record their author (contact and role), and entries
// written by staff say so in every answer that shows them.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { careTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("a staff-written entry says so; the patient's own does not", async () => {
  const patient = await idp.token({ sub: uniqueSub("journal-owner"), roles: ["patient"] });
  const patientId = (await api.get("/patients/me", { token: patient })).body.id as number;
  const providerSub = uniqueSub("journal-clinician");
  const provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
  await (await careTeam(api, idp, [providerSub])).share(patient);
  const byStaff = await api.post(
    "/journal",
    { patientId, entryType: "AD_HOC_CHECK_IN", transcript: "Patient reports no pain." },
    { token: provider },
  );
  assert.equal(byStaff.status, 201);
  assert.equal(byStaff.body.author.role, "care_provider");
  assert.equal(byStaff.body.author.staff, true);
  const own = await api.post("/journal", { patientId, entryType: "AD_HOC_CHECK_IN", transcript: "It hurts." }, { token: patient });
  assert.equal(own.body.author.staff, false);
  assert.equal(own.body.author.role, "patient");

  const list = await api.get(`/journal?patientId=${patientId}`, { token: patient });
  const byId = new Map(list.body.entries.map((e: { id: number; author: { staff: boolean } }) => [e.id, e.author.staff]));
  assert.equal(byId.get(byStaff.body.id), true);
  assert.equal(byId.get(own.body.id), false);
  assert.equal((await api.get(`/journal/${byStaff.body.id}`, { token: patient })).body.author.staff, true);
  const summary = await api.get(`/patients/${patientId}/journal`, { token: provider });
  const rows = summary.body.journal as { id: number; writtenByStaff: boolean }[];
  assert.equal(rows.find((row) => row.id === byStaff.body.id)?.writtenByStaff, true);
  assert.equal(rows.find((row) => row.id === own.body.id)?.writtenByStaff, false);
});
