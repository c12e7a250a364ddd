// Revocation takes effect on the next request: a patient stops sharing while 50 reads by a
// clinician of the clinic are in flight, and no read sent after the revoke's answer arrived (so
// after it committed) succeeds. Nothing caches the rule (lib/access).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  // PATIENT_ACCESS is care-team by default: the shared server's rule.
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("a revoke racing 50 reads: every read sent after the revoke committed is a 404", async () => {
  const admin = await idp.token({ roles: ["admin"] });
  const clinicianSub = uniqueSub("clinician");
  const clinician = await idp.token({ sub: clinicianSub, roles: ["care_provider"] });
  const patient = await idp.token({ roles: ["patient"] });
  const clinic = (await api.post("/clinics", { name: "Race Clinic" }, { token: admin })).body;
  assert.equal((await api.post(`/clinics/${clinic.id}/members`, { sub: clinicianSub, role: "clinician" }, { token: admin })).status, 201);
  assert.equal((await api.post("/me/clinics", { joinCode: clinic.joinCode }, { token: patient })).status, 201);
  const patientId = (await api.get("/patients/me", { token: patient })).body.id;
  assert.equal((await api.get(`/patients/${patientId}/journal`, { token: clinician })).status, 200, "reads while shared");

  let revokedAt = Infinity;
  const revoke = api.request("DELETE", `/me/clinics/${clinic.id}`, undefined, { token: patient }).then((response) => {
    revokedAt = performance.now();
    return response.status;
  });
  const reads: Promise<{ sentAt: number; status: number }>[] = [];
  for (let i = 0; i < 50; i++) {
    const sentAt = performance.now();
    reads.push(api.get(`/patients/${patientId}/journal`, { token: clinician }).then((response) => ({ sentAt, status: response.status })));
    // Half the reads go out while the revoke is in flight, the other half after its answer.
    if (i === 24) await revoke;
    else await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(await revoke, 204);
  const results = await Promise.all(reads);
  const after = results.filter((read) => read.sentAt > revokedAt);
  assert.ok(after.length >= 25, "at least the reads sent after the revoke's answer");
  assert.deepEqual(
    after.filter((read) => read.status !== 404),
    [],
  );
  for (const read of results) assert.ok([200, 404].includes(read.status), String(read.status));
});
