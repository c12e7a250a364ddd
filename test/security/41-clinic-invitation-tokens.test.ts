// Issue 37: invitation links add a member to a clinic, so their tokens are attacked like codes.
// Guessing is a miss that the code limits count (a caller who keeps guessing is blocked, even for
// a real token); a used link never works again, for anyone; a clinic's admin reaches no other
// clinic's invitations; and the token is never written to the log, with LOG_LEVEL=debug.
// Own server: limits on, its own SMTP stand-in, and the debug lines its server logs.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, test } from "node:test";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";
import { startSmtp, type SmtpStandIn } from "@/test/support/smtp";

const MISSES = 5;
let idp: IdentityProvider;
let smtp: SmtpStandIn;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
const clinics: Record<"A" | "B", number> = { A: 0, B: 0 };
const admins = { A: uniqueSub("admin-a"), B: uniqueSub("admin-b") };

const provider = (sub: string, email = `${sub.replace(/\W/g, "")}@example.org`) =>
  idp.token({ sub, email, emailVerified: true, roles: ["care_provider"] });

before(async () => {
  idp = await startIdentityProvider();
  smtp = await startSmtp();
  server = await startServer({
    env: { ...idp.env, ...smtp.env, RATE_LIMIT: "on", RATE_LIMIT_MISSES_PER_HOUR: String(MISSES), LOG_LEVEL: "debug" },
  });
  api = apiClient(server.origin);
  for (const key of ["A", "B"] as const) {
    clinics[key] = (await api.post("/clinics", { name: `Clinic ${key}` }, { token: await provider(admins[key]) })).body.id;
  }
});
after(async () => {
  await server?.stop();
  await idp?.close();
  await smtp?.close();
});

async function invite(clinic: "A" | "B", email: string): Promise<{ id: number; token: string }> {
  const sent = await api.post(
    `/clinics/${clinics[clinic]}/invitations`,
    { email, role: "clinician" },
    { token: await provider(admins[clinic]) },
  );
  assert.equal(sent.status, 201);
  const raw = smtp.messages
    .filter((m) => m.to.includes(email))
    .at(-1)!
    .raw.replace(/=\r?\n/g, "");
  return { id: sent.body.id, token: /invitation#([A-Za-z0-9_-]{43})/.exec(raw)![1]! };
}

test("a used link works once: replayed by the same or another invited-looking account it adds nobody", async () => {
  const email = "replay@example.org";
  const { token } = await invite("A", email);
  const first = uniqueSub("first");
  assert.equal((await api.post("/clinic-invitations/accept", { token }, { token: await provider(first, email) })).status, 200);
  for (const sub of [first, uniqueSub("second")]) {
    const again = await api.post("/clinic-invitations/accept", { token }, { token: await provider(sub, email), unchecked: true });
    assert.equal(again.status, 410);
    assert.equal(again.body.code, "INVITATION_USED");
  }
  const members = await api.get(`/clinics/${clinics.A}/members`, { token: await provider(admins.A) });
  assert.equal(members.body.members.length, 2);
});

test("a clinic's admin reaches no other clinic's invitations, and a link joins only its own clinic", async () => {
  const email = "other-clinic@example.org";
  const { id, token } = await invite("A", email);
  const adminB = await provider(admins.B);
  assert.equal((await api.get(`/clinics/${clinics.A}/invitations`, { token: adminB, unchecked: true })).status, 404);
  assert.equal(
    (await api.request("DELETE", `/clinics/${clinics.A}/invitations/${id}`, undefined, { token: adminB, unchecked: true })).status,
    404,
  );
  assert.equal(
    (await api.request("DELETE", `/clinics/${clinics.B}/invitations/${id}`, undefined, { token: adminB, unchecked: true })).status,
    404,
  );
  assert.deepEqual((await api.get(`/clinics/${clinics.B}/invitations`, { token: adminB })).body.invitations, []);

  const joiner = uniqueSub("joiner");
  const accepted = await api.post("/clinic-invitations/accept", { token }, { token: await provider(joiner, email) });
  assert.equal(accepted.body.clinicId, clinics.A);
  const inB = await api.get(`/clinics/${clinics.B}/members`, { token: adminB });
  assert.ok(!inB.body.members.some((m: { sub: string }) => m.sub === joiner));
});

test("the token is never logged, even at debug level", async () => {
  const { token } = await invite("B", "logged@example.org");
  await api.post("/clinic-invitations/accept", { token }, { token: await provider(uniqueSub("nobody")), unchecked: true });
  assert.ok(!server.output().includes(token));
});

test("guessing tokens is a miss each: past the allowance the guesser is blocked, even holding a real link", async () => {
  const email = "guesser@example.org";
  const { token } = await invite("B", email);
  const guesser = await provider(uniqueSub("guesser"), email);
  const statuses: number[] = [];
  for (let i = 0; i <= MISSES; i++) {
    const guess = randomBytes(32).toString("base64url");
    statuses.push((await api.post("/clinic-invitations/accept", { token: guess }, { token: guesser, unchecked: true })).status);
  }
  assert.deepEqual(statuses.slice(0, MISSES), Array(MISSES).fill(404));
  assert.equal(statuses[MISSES], 429);
  assert.equal((await api.post("/clinic-invitations/accept", { token }, { token: guesser, unchecked: true })).status, 429);
});
