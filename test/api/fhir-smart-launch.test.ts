// A standalone SMART launch end to end in a real browser (Chromium through Playwright): SMART's
// own JavaScript client (fhirclient's browser bundle, served from a page on another origin listed
// in FHIR_CORS_ORIGINS) discovers this server, signs in at a loopback OpenID provider with PKCE,
// and reads the launched patient's Observations with the token it receives; another patient's
// record is not found, and a resource type the token's scopes do not name is refused.
// Own server: FRONTEND_URL and FHIR_CORS_ORIGINS name its own origin and SMART app.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { chromium, type Browser } from "playwright";
import { romBody } from "@/lib/assessments/examples";
import { apiClient } from "@/test/support/http";
import { SMART_CLIENT_ID, startSmartProvider, type SmartProvider } from "@/test/support/smart-provider";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

const CHROMIUM = "/usr/bin/chromium";

const LAUNCH_PAGE = `<!doctype html><meta charset="utf-8"><title>Launch</title>
<script src="/fhir-client.js"></script>
<script>
  const params = new URLSearchParams(location.search);
  sessionStorage.setItem("otherPatient", params.get("other"));
  FHIR.oauth2.authorize({ iss: params.get("iss"), clientId: params.get("client"), scope: params.get("scope"), redirectUri: "/app.html" });
</script>`;

// What the app saw, as JSON in #result: a refused request is its HTTP status.
const APP_PAGE = `<!doctype html><meta charset="utf-8"><title>App</title>
<pre id="result"></pre>
<script src="/fhir-client.js"></script>
<script>
  const show = (value) => { document.getElementById("result").textContent = JSON.stringify(value); };
  const status = (request) => request.then(() => 200, (error) => error.status ?? String(error));
  FHIR.oauth2.ready().then(async (client) => {
    const observations = await client.request("Observation?patient=" + client.patient.id);
    show({
      patient: client.patient.id,
      scope: client.state.tokenResponse.scope,
      subjects: (observations.entry || []).map((entry) => entry.resource.subject.reference),
      patientRead: await status(client.request("Patient/" + client.patient.id)),
      otherPatient: await status(client.request("Observation?patient=" + sessionStorage.getItem("otherPatient"))),
    });
  }).catch((error) => show({ error: String(error) }));
</script>`;

let pages: Server;
let appOrigin: string;
let idp: SmartProvider;
let server: TestServer;
let browser: Browser | undefined;
let alice: { login: string; id: number };
let bob: { login: string; id: number };

/** The SMART app's origin: its two pages and fhirclient's browser bundle. */
async function startAppPages(): Promise<Server> {
  const bundle = readFileSync("node_modules/fhirclient/build/fhir-client.js");
  const files: Record<string, [string, string | Buffer]> = {
    "/launch.html": ["text/html", LAUNCH_PAGE],
    "/app.html": ["text/html", APP_PAGE],
    "/fhir-client.js": ["text/javascript", bundle],
  };
  const pageServer = createServer((req, res) => {
    const file = files[(req.url ?? "/").split("?", 1)[0]!];
    res.writeHead(file ? 200 : 404, { "content-type": file?.[0] ?? "text/plain" });
    res.end(file?.[1] ?? "");
  });
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  return pageServer;
}

async function seedPatient(login: string, assessments: number): Promise<{ login: string; id: number }> {
  const api = apiClient(server.origin);
  const token = await idp.apiToken(login);
  const me = await api.get("/patients/me", { token });
  assert.equal(me.status, 200);
  for (let i = 0; i < assessments; i++) assert.equal((await api.post("/assessments/rom", romBody, { token })).status, 201);
  idp.setPatient(login, me.body.id);
  return { login, id: me.body.id };
}

/** One standalone launch in a fresh browser context: sign in as `login`, consent, and what the app read. */
async function launch(login: string, scope: string): Promise<Record<string, unknown>> {
  const context = await browser!.newContext();
  try {
    const page = await context.newPage();
    const query = new URLSearchParams({ iss: `${server.origin}/api/fhir`, client: SMART_CLIENT_ID, scope, other: String(bob.id) });
    await page.goto(`${appOrigin}/launch.html?${query}`);
    // The OpenID provider's own login and consent pages.
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any password");
    await page.locator('button[type="submit"]').click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.origin === appOrigin && url.pathname === "/app.html");
    const result = page.locator("#result");
    await result.filter({ hasText: /./ }).waitFor();
    return JSON.parse((await result.textContent())!) as Record<string, unknown>;
  } finally {
    await context.close();
  }
}

before(async () => {
  pages = await startAppPages();
  appOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  idp = await startSmartProvider(`${appOrigin}/app.html`);
  server = await startServer({ env: { ...idp.env, ...(await ownOriginEnv()), FHIR_CORS_ORIGINS: appOrigin } });
  const run = `${process.pid}-${Date.now()}`;
  alice = await seedPatient(`smart-alice-${run}`, 2);
  bob = await seedPatient(`smart-bob-${run}`, 1);
  if (existsSync(CHROMIUM)) {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
  }
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

test(
  "a standalone SMART launch with fhirclient reads the launched patient's Observations; other patients and types are refused",
  { skip: existsSync(CHROMIUM) ? false : `needs Chromium at ${CHROMIUM}` },
  async () => {
    const everyType = await launch(alice.login, `launch/patient patient/${"*"}.rs openid fhirUser`);
    assert.equal(everyType.error, undefined, JSON.stringify(everyType));
    assert.equal(everyType.patient, String(alice.id));
    assert.match(String(everyType.scope), /\bpatient\/\*\.rs\b/);
    assert.deepEqual(everyType.subjects, [`Patient/${alice.id}`, `Patient/${alice.id}`]);
    assert.equal(everyType.patientRead, 200);
    assert.equal(everyType.otherPatient, 404);

    const observationsOnly = await launch(alice.login, "launch/patient patient/Observation.rs openid fhirUser");
    assert.equal(observationsOnly.error, undefined, JSON.stringify(observationsOnly));
    assert.deepEqual(observationsOnly.subjects, [`Patient/${alice.id}`, `Patient/${alice.id}`]);
    assert.equal(observationsOnly.patientRead, 403);
  },
);
