// Logs: one JSON line per request with request id, method, route pattern, status and duration;
// never bodies, names, e-mails, tokens, codes or transcripts.
// Own server: it reads its servers' log lines, at debug and at warn.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startIdentityProvider, type IdentityProvider } from "@/test/support/identity-provider";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, LOG_LEVEL: "debug" } });
  api = apiClient(server.origin);
});
after(async () => {
  await server.stop();
  await idp.close();
});

function requestLines(): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === "request");
}

test("a request full of personal data leaves none of it in the log", async () => {
  const secrets = {
    name: "Johanna Q. Testpatient",
    email: "johanna.testpatient@example.org",
    transcript: "my left wrist hurts when I open jars since the fall",
    code: "QWE-RTY",
  };
  const token = await idp.token({ name: secrets.name, email: secrets.email, roles: ["admin"] });
  await api.post(
    "/assessments/pain",
    { painRating: 6, comments: `${secrets.transcript} ${secrets.name} ${secrets.email} ${secrets.code}`, otherMedications: secrets.code },
    { token, headers: { "x-patient-name": secrets.name } },
  );
  await api.post("/assessments/pain", { painRating: "bad", comments: secrets.transcript }, { token });
  await api.get(`/admin/audit?actor=${encodeURIComponent(secrets.email)}`, { token });
  await api.post(`/assessments/pain?email=${encodeURIComponent(secrets.email)}&code=${secrets.code}`, "{broken json " + secrets.name, {
    token,
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const log = server.output();
  for (const value of [...Object.values(secrets), secrets.code.replace("-", ""), token, token.split(".")[1]!]) {
    assert.ok(!log.includes(value), `the log contains ${value.slice(0, 20)}…`);
  }
  assert.ok(requestLines().length >= 4);
});

test("codes and ids in the path never reach the log: the line names the route pattern", async () => {
  const token = await idp.token({ roles: ["patient"], name: "Path Tester" });
  const created = await api.post("/assessments/rom", { hand: "LEFT", overallScore: 64 }, { token });
  assert.equal(created.status, 201);
  const { code, id } = created.body as { code: string; id: number };
  const me = await api.get("/patients/me", { token });
  const paths = [
    `/lookup/${code}`,
    `/lookup/${code.toLowerCase().replace(/^(...)/, "$1-")}`,
    `/assessments/${code}/results`,
    `/assessments/${id}/results`,
    `/patients/${me.body.id}/scores`,
  ];
  for (const path of paths) assert.equal((await api.get(path, { token })).status, 200, path);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const lines = requestLines();
  for (const route of ["/api/lookup/{code}", "/api/assessments/{id}/results", "/api/patients/{id}/scores"]) {
    assert.ok(
      lines.some((line) => line.route === route),
      `a line names ${route}`,
    );
  }
  const log = server.output();
  assert.ok(!log.includes(code), "the code");
  // A raw path anywhere in the log: a code or an id where the pattern has {code} or {id}.
  assert.doesNotMatch(log, /\/api\/lookup\/[a-z0-9]{3}-?[a-z0-9]{3}\b/i);
  assert.doesNotMatch(log, /\/api\/assessments\/([a-z0-9]{6}|\d+)\/results/i);
  assert.doesNotMatch(log, /\/api\/patients\/\d+/);
});

test("each request is one line with the server's request id (the client's beside it), method, route pattern, status and duration", async () => {
  const response = await api.get("/health", { headers: { "x-request-id": "log-test-1" } });
  assert.equal(response.status, 200);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const lines = requestLines().filter((l) => l.clientReqId === "log-test-1");
  assert.equal(lines.length, 1);
  const [line] = lines;
  assert.equal(line!.reqId, response.headers.get("x-request-id"));
  assert.equal(line!.method, "GET");
  assert.equal(line!.route, "/api/health");
  assert.equal(line!.status, 200);
  assert.equal(typeof line!.ms, "number");
  assert.equal(typeof line!.time, "string");
});

test("LOG_LEVEL=warn keeps request lines out", async () => {
  const quiet = await startServer({ env: { LOG_LEVEL: "warn" } });
  try {
    await apiClient(quiet.origin).get("/health");
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(!quiet.output().includes('"msg":"request"'));
  } finally {
    await quiet.stop();
  }
});
