// Issue 23, row 9 (links): FHIR bundle links and the DiagnosticReport's PDF link were built from
// the Host header, so a request naming another host made the service hand out links to it
// (cache poisoning, phishing links in a clinic's record). They are now built from FRONTEND_URL.
// Own server: FRONTEND_URL is the public origin it checks links against.
import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

const PUBLIC = "https://hands.example";

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, FRONTEND_URL: PUBLIC }, startTimeoutMs: 240_000 });
  api = apiClient(server.origin);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

/** GET with a Host header of the attacker's choosing (fetch would not send one). */
function getWithHost(path: string, host: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.origin);
    const req = request(url, { headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("bundle links and PDF links name the configured public URL whatever Host says", async () => {
  const patient = await idp.token({ sub: uniqueSub("linked"), roles: ["patient"] });
  const id = (await api.get("/patients/me", { token: patient })).body.id as number;
  for (let i = 0; i < 2; i++) {
    const { code } = (await api.post("/assessments/rom", romBody, { token: patient })).body;
    assert.equal((await api.post("/reports", { title: `Mine ${i}`, assessmentCodes: [code] }, { token: patient })).status, 200);
  }
  const providerSub = uniqueSub("link-reader");
  const provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
  await (await careTeam(api, idp, [providerSub])).share(patient);
  for (const path of [`/api/fhir/DiagnosticReport?patient=${id}&_count=1`, `/api/fhir/Patient/${id}/$everything?_count=2`]) {
    const response = await getWithHost(path, "evil.example", provider);
    assert.equal(response.status, 200, response.body);
    const bundle = JSON.parse(response.body);
    assert.ok(!response.body.includes("evil.example"), `no link names the Host header: ${path}`);
    for (const link of bundle.link) assert.ok(link.url.startsWith(`${PUBLIC}/api/fhir/`), link.url);
    assert.ok(bundle.link.some((link: { relation: string }) => link.relation === "next"));
  }
  const single = JSON.parse((await getWithHost(`/api/fhir/DiagnosticReport?patient=${id}`, "evil.example", provider)).body);
  for (const entry of single.entry) {
    assert.ok(entry.fullUrl.startsWith(`${PUBLIC}/api/fhir/`));
    assert.ok(entry.resource.presentedForm[0].url.startsWith(`${PUBLIC}/api/fhir/Binary/`));
  }
});
