// Round 3, row 7: signed-in callers were limited per address, so staff behind one clinic NAT
// shared one allowance (30 FHIR exports a minute between them) while one user on many addresses
// had many. A signed-in caller's allowances now count its token's subject; anonymous callers'
// count their client address, as before. The same for the day's allowance of reports made for
// patients (PATIENT_REPORTS_PER_DAY), tried through the API from a new address per report.
// Own server: per-user allowances it spends.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { clientAt, newAddress } from "@/test/support/clients";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: TestServer;
const COMPUTE_PER_MINUTE = 3;
const LOOKUPS_PER_MINUTE = 4;
const PATIENT_REPORTS_PER_DAY = 2;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({
    env: {
      ...idp.env,
      RATE_LIMIT: "on",
      TRUST_PROXY: "loopback",
      RATE_LIMIT_COMPUTE_PER_MINUTE: String(COMPUTE_PER_MINUTE),
      RATE_LIMIT_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
      PATIENT_REPORTS_PER_DAY: String(PATIENT_REPORTS_PER_DAY),
    },
  });
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

const staffToken = () => idp.token({ sub: uniqueSub("staff"), roles: ["care_provider"] });

/** A FHIR export (a computation) as the holder of `token` from `address`: its status. */
async function exportStatus(address: string, token: string): Promise<number> {
  return (await clientAt(server.origin, address, token).get("/fhir/Patient/999999/$everything")).status;
}

test("two signed-in users behind one address each have their own allowance", async () => {
  const clinic = newAddress();
  const [alice, bob] = await Promise.all([staffToken(), staffToken()]);
  for (let i = 0; i < COMPUTE_PER_MINUTE; i++) assert.notEqual(await exportStatus(clinic, alice), 429);
  assert.equal(await exportStatus(clinic, alice), 429, "alice is over hers");
  assert.notEqual(await exportStatus(clinic, bob), 429, "bob, behind the same NAT, is not");
});

test("one signed-in user on two addresses shares one allowance", async () => {
  const carol = await staffToken();
  const [office, phone] = [newAddress(), newAddress()];
  assert.notEqual(await exportStatus(office, carol), 429);
  assert.notEqual(await exportStatus(office, carol), 429);
  assert.notEqual(await exportStatus(phone, carol), 429);
  assert.equal(await exportStatus(phone, carol), 429, "the third from the office and phone together was the last");
  assert.notEqual(await exportStatus(phone, await staffToken()), 429, "the address itself is not spent");
});

test("a signed-in user's code lookups are one allowance across addresses; anonymous callers keep theirs per address", async () => {
  const submitted = await clientAt(server.origin, newAddress()).post("/assessments/rom", romBody);
  assert.equal(submitted.status, 201);
  const code = submitted.body.code as string;
  const dave = await idp.token({ sub: uniqueSub("patient") });
  const [home, work] = [newAddress(), newAddress()];
  const statuses = [];
  for (let i = 0; i <= LOOKUPS_PER_MINUTE; i++) {
    statuses.push((await clientAt(server.origin, i % 2 ? work : home, dave).get(`/lookup/${code}`)).status);
  }
  assert.deepEqual(statuses, [...Array<number>(LOOKUPS_PER_MINUTE).fill(200), 429]);
  assert.equal((await clientAt(server.origin, home).get(`/lookup/${code}`)).status, 200, "anonymous from home: its own allowance");
});

test("a clinician's reports for a patient stop at PATIENT_REPORTS_PER_DAY with a 429, from any address; a colleague's allowance is their own", async () => {
  const api = apiClient(server.origin);
  const first = uniqueSub("reporting-clinician");
  const second = uniqueSub("colleague");
  const team = await careTeam(api, idp, [first, second]);
  const patientToken = await idp.token({ sub: uniqueSub("reported-patient"), roles: ["patient"] });
  const made = await api.post<{ id: number }>("/assessments/rom", romBody, { token: patientToken });
  assert.equal(made.status, 201);
  const patientId = (await api.get<{ id: number }>("/patients/me", { token: patientToken })).body.id;
  await team.share(patientToken);
  const report = async (sub: string) =>
    clientAt(server.origin, newAddress(), await idp.token({ sub, roles: ["care_provider"] })).post(`/patients/${patientId}/reports`, {
      assessmentIds: [made.body.id],
    });
  for (let i = 0; i < PATIENT_REPORTS_PER_DAY; i++) assert.equal((await report(first)).status, 201);
  const over = await report(first);
  assert.equal(over.status, 429);
  assert.equal(over.body.code, "RATE_LIMITED");
  assert.ok(Number(over.headers.get("retry-after")) > 3600, "the allowance is a day's, not a minute's");
  assert.equal((await report(second)).status, 201);
});
