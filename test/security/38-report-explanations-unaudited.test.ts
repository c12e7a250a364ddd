// Issue 38, row 6: a report's explanation tells the patient's scores and pain in words to anyone
// holding the report's code, yet it wrote no audit row: the patient's access log ("who looked at
// my record") never showed it. Every explanation answered now writes a row per patient whose
// records the report shows: "someone with a sharing code" when the caller sent no token, their
// name when they did.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
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

test("each explanation of a patient's report is in their access log, by whoever asked", async () => {
  const patient = await idp.token({ sub: uniqueSub("explained"), roles: ["patient"], name: "Pat Explained" });
  const submitted = await api.post("/assessments/rom", romBody, { token: patient });
  assert.equal(submitted.status, 201);
  const made = await api.post("/reports", { title: "For my physio", assessmentCodes: [submitted.body.code] }, { token: patient });
  assert.equal(made.status, 200);
  const reader = await idp.token({ sub: uniqueSub("reader"), roles: ["patient"], name: "Sam Reader" });
  assert.equal((await api.get("/patients/me", { token: reader })).status, 200);

  assert.equal((await api.post(`/reports/${made.body.code}/explain`)).status, 200);
  assert.equal((await api.post(`/reports/${made.body.code}/explain`, undefined, { token: reader })).status, 200);
  assert.equal((await api.post(`/reports/${made.body.code}/explain`, undefined, { token: patient })).status, 200);

  const log = await api.get("/me/access-log?limit=200", { token: patient });
  assert.equal(log.status, 200);
  const explained = (log.body.entries as { role: string; name: string | null; whats: string[] }[]).filter((entry) =>
    entry.whats.includes("report explanation"),
  );
  assert.deepEqual(
    explained.map(({ role, name }) => ({ role, name })),
    [
      // Another patient holding the code is never named (issue 37).
      { role: "patient", name: null },
      { role: "anonymous", name: null },
    ],
    "newest first; the patient's own request is not someone else's look",
  );
});
