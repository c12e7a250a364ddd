// Lookup by sharing code: the public view and its view count, claiming, e-mailing the code,
// bare records, and concurrency (no lost views, exactly one claim).
// Own server: its own mail stand-in and FRONTEND_URL.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, type IdentityProvider } from "@/test/support/identity-provider";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";
import { painBody, romBody } from "@/lib/assessments/examples";

let server: TestServer;
let idp: IdentityProvider;
let resend: ResendStandIn;
let api: ReturnType<typeof apiClient>;

before(async () => {
  [idp, resend] = await Promise.all([startIdentityProvider(), startResend()]);
  server = await startServer({ env: { ...idp.env, ...resend.env, FRONTEND_URL: "https://hands.example" } });
  api = apiClient(server.origin);
});

after(async () => {
  await server?.stop();
  await Promise.all([idp?.close(), resend?.close()]);
});

async function anonymousRom() {
  const res = await api.post("/assessments/rom", romBody);
  assert.equal(res.status, 201);
  return res.body as { id: number; code: string; formattedCode: string };
}

describe("GET /codes/:code", () => {
  test("says whether a code is an assessment or a report, without counting a view", async () => {
    const { code, formattedCode } = await anonymousRom();
    const assessment = await api.get(`/codes/${formattedCode.toLowerCase()}`);
    assert.equal(assessment.status, 200);
    assert.deepEqual(assessment.body, { kind: "assessment", code, formattedCode, path: `/a/${code}` });
    const report = await api.post("/reports", { title: "For my hand therapist", assessmentCodes: [code] });
    assert.equal(report.status, 200);
    const kind = await api.get(`/codes/${report.body.code}`);
    assert.deepEqual(kind.body, {
      kind: "report",
      code: report.body.code,
      formattedCode: report.body.formattedCode,
      path: `/r/${report.body.code}`,
    });
    assert.equal((await api.get(`/lookup/${code}`)).body.viewCount, 1, "/codes counted no view");
  });

  test("400 for a malformed code, 404 for an unknown one", async () => {
    assert.equal((await api.get("/codes/AB0-123")).status, 400);
    const unknown = await api.get("/codes/ZZZ-ZZZ");
    assert.equal(unknown.status, 404);
    assert.equal(typeof unknown.body.error, "string");
  });
});

describe("GET /lookup/:code", () => {
  test("200 with the public view; every lookup counts one view; any case, dash optional", async () => {
    const { code, formattedCode } = await anonymousRom();
    const first = await api.get(`/lookup/${formattedCode}`);
    assert.equal(first.status, 200);
    assert.deepEqual(Object.keys(first.body).sort(), [
      "assessmentType",
      "code",
      "dateCreated",
      "expiresAt",
      "formattedCode",
      "hand",
      "isAnonymous",
      "isSample",
      "resultSnapshot",
      "results",
      "viewCount",
    ]);
    const lifetime = Date.parse(first.body.expiresAt) - Date.parse(first.body.dateCreated);
    assert.ok(Math.abs(lifetime - 90 * 86_400_000) < 5_000, "an unclaimed record expires 90 days after it was taken");
    assert.equal(first.body.code, code);
    assert.equal(first.body.formattedCode, formattedCode);
    assert.equal(first.body.assessmentType, "ROM");
    assert.equal(first.body.hand, "LEFT");
    assert.equal(first.body.isAnonymous, true);
    assert.equal(first.body.viewCount, 1);
    assert.equal(first.body.resultSnapshot.overallScore, 72);
    assert.equal(first.body.isSample, false);
    // The finger joints come with the record, for the lookup page's angles.
    assert.deepEqual(
      first.body.results.joints.map((j: { finger: string; jointType: string; rom: number }) => [j.finger, j.jointType, j.rom]),
      romBody.joints.map((j) => [j.finger, j.jointType, j.rom]),
    );
    const sent = romBody.joints[0]!;
    assert.deepEqual(first.body.results.joints[0], {
      hand: "LEFT",
      finger: sent.finger,
      jointType: sent.jointType,
      minAngle: sent.minAngle,
      maxAngle: sent.maxAngle,
      rom: sent.rom,
      normalRange: sent.normalRange,
    });
    assert.ok(!Number.isNaN(Date.parse(first.body.dateCreated)));
    assert.equal(first.headers.get("cache-control"), "no-store");
    assert.equal((await api.get(`/lookup/${code.toLowerCase()}`)).body.viewCount, 2);
  });

  test("dexterity reads as DEXTERITY", async () => {
    const created = await api.post("/lookup/anonymous", { assessmentType: "FINGER_TAPPING" });
    assert.equal((await api.get(`/lookup/${created.body.code}`)).body.assessmentType, "DEXTERITY");
  });

  test("400 for a malformed code, 404 for an unknown one", async () => {
    for (const bad of ["ABC", "ABCDEFG", "AB0-123", "OIL-111"]) {
      const res = await api.get(`/lookup/${bad}`);
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.field, "code");
    }
    const unknown = await api.get("/lookup/ZZZ-ZZZ");
    assert.equal(unknown.status, 404);
    assert.equal(typeof unknown.body.error, "string");
  });

  test("50 parallel lookups of one code add exactly 50 views", async () => {
    const { code } = await anonymousRom();
    const responses = await Promise.all(Array.from({ length: 50 }, () => api.get(`/lookup/${code}`)));
    assert.ok(responses.every((r) => r.status === 200));
    const counts = responses.map((r) => r.body.viewCount).sort((a, b) => a - b);
    assert.deepEqual(
      counts,
      Array.from({ length: 50 }, (_, i) => i + 1),
      "each lookup saw its own count",
    );
    assert.equal((await api.get(`/lookup/${code}`)).body.viewCount, 51);
  });
});

describe("POST /lookup/:code/claim", () => {
  test("401 without a token, 400 for a malformed code, 404 for an unknown code", async () => {
    const { code } = await anonymousRom();
    assert.equal((await api.post(`/lookup/${code}/claim`)).status, 401);
    const token = await idp.token();
    assert.equal((await api.post("/lookup/12/claim", undefined, { token })).status, 400);
    assert.equal((await api.post("/lookup/ZZZ-ZZZ/claim", undefined, { token })).status, 404);
  });

  test("200 { message, code } in dashed form; the record becomes the caller's; a second claim is 404", async () => {
    const { code, formattedCode, id } = await anonymousRom();
    const token = await idp.token();
    const claimed = await api.post(`/lookup/${code.toLowerCase()}/claim`, undefined, { token });
    assert.equal(claimed.status, 200);
    assert.deepEqual(Object.keys(claimed.body).sort(), ["code", "message"]);
    assert.equal(claimed.body.code, formattedCode);
    assert.equal((await api.get(`/lookup/${code}`)).body.isAnonymous, false);
    // Now the owner's: readable by numeric id with the claimer's token.
    assert.equal((await api.get(`/assessments/${id}/results`, { token })).status, 200);
    assert.equal((await api.post(`/lookup/${code}/claim`, undefined, { token })).status, 404);
    assert.equal((await api.post(`/lookup/${code}/claim`, undefined, { token: await idp.token() })).status, 404);
  });

  test("a record created with a token cannot be claimed", async () => {
    const owned = await api.post("/assessments/pain-v2", painBody, { token: await idp.token() });
    assert.equal((await api.post(`/lookup/${owned.body.code}/claim`, undefined, { token: await idp.token() })).status, 404);
  });

  test("10 parallel claims by different users: exactly one 200, nine 404", async () => {
    const { code } = await anonymousRom();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => idp.token()));
    const results = await Promise.all(tokens.map((token) => api.post(`/lookup/${code}/claim`, undefined, { token })));
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    const winner = tokens[results.findIndex((r) => r.status === 200)]!;
    const { id } = (await api.get(`/assessments/${code}/results`)).body;
    assert.equal((await api.get(`/assessments/${id}/results`, { token: winner })).status, 200);
    for (const [i, token] of tokens.entries()) {
      if (results[i]!.status !== 200) assert.equal((await api.get(`/assessments/${id}/results`, { token })).status, 404);
    }
  });
});

describe("POST /lookup/:code/email", () => {
  test("stores the address and sends the code with a link to /a/AAA-BBB", async () => {
    const { code, formattedCode } = await anonymousRom();
    const before = resend.emails().length;
    const res = await api.post(`/lookup/${code}/email`, { email: "patient@example.com" });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { success: true, sent: true, message: res.body.message, code: formattedCode });
    const sent = resend.emails().slice(before);
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0]!.to, ["patient@example.com"]);
    assert.match(sent[0]!.subject, new RegExp(formattedCode));
    assert.match(sent[0]!.text ?? "", new RegExp(`https://hands\\.example/a/${formattedCode}`));
  });

  test("400 for a bad address or code, 404 for an unknown code (nothing sent)", async () => {
    const { code } = await anonymousRom();
    const before = resend.emails().length;
    const badAddress = await api.post(`/lookup/${code}/email`, { email: "not-an-address" });
    assert.equal(badAddress.status, 400);
    assert.equal(badAddress.body.field, "email");
    assert.equal((await api.post(`/lookup/${code}/email`, {})).body.field, "email");
    assert.equal((await api.post(`/lookup/0OO-111/email`, { email: "a@example.com" })).status, 400);
    assert.equal((await api.post(`/lookup/ZZZ-ZZZ/email`, { email: "a@example.com" })).status, 404);
    assert.equal(resend.emails().length, before);
  });

  test("500 when the mail transport fails", async () => {
    const { code } = await anonymousRom();
    resend.failWith(500);
    try {
      const res = await api.post(`/lookup/${code}/email`, { email: "patient@example.com" });
      assert.equal(res.status, 500);
      assert.equal(typeof res.body.error, "string");
    } finally {
      resend.failWith(null);
    }
  });
});

describe("POST /lookup/anonymous", () => {
  test("without a token: an anonymous record with its code, readable by lookup", async () => {
    const res = await api.post("/lookup/anonymous", {
      assessmentType: "DEXTERITY",
      hand: "RIGHT",
      resultSnapshot: { overallScore: 55, note: "kept" },
      email: "someone@example.com",
    });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ["code", "formattedCode", "message"]);
    const view = await api.get(`/lookup/${res.body.formattedCode}`);
    assert.equal(view.body.assessmentType, "DEXTERITY");
    assert.equal(view.body.hand, "RIGHT");
    assert.equal(view.body.isAnonymous, true);
    assert.deepEqual(view.body.resultSnapshot, { overallScore: 55, note: "kept" });
    const results = await api.get(`/assessments/${res.body.code}/results`);
    assert.equal(results.body.results, null, "no detail row is linked");
  });

  test("with a token: linked to the caller; THUMB is stored as THUMB_MOVEMENTS and read as THUMB", async () => {
    const token = await idp.token();
    const res = await api.post("/lookup/anonymous", { assessmentType: "THUMB_MOVEMENTS" }, { token });
    assert.equal(res.status, 200);
    const view = await api.get(`/lookup/${res.body.code}`);
    assert.equal(view.body.isAnonymous, false);
    assert.equal(view.body.assessmentType, "THUMB");
    assert.equal(view.body.hand, null);
    assert.deepEqual(view.body.resultSnapshot, {});
    assert.equal((await api.post(`/lookup/${res.body.code}/claim`, undefined, { token: await idp.token() })).status, 404);
  });

  test("400 when assessmentType is missing or unknown, or the e-mail is invalid", async () => {
    assert.equal((await api.post("/lookup/anonymous", {})).body.field, "assessmentType");
    assert.equal((await api.post("/lookup/anonymous", { assessmentType: "GRIP" })).body.field, "assessmentType");
    assert.equal((await api.post("/lookup/anonymous", { assessmentType: "ROM", email: "x" })).body.field, "email");
    assert.equal((await api.post("/lookup/anonymous", { assessmentType: "ROM", hand: "NONE" })).body.field, "hand");
  });
});
