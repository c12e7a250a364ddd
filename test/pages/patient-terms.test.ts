// Pages in the patient's own terms (issue 42), over HTTP against the real server: the
// dashboard's empty state and its strip (injury, week after surgery, goals) with no billing card
// when billing is off; the result page's title, arthritis sub-scores, poor-light notice and one
// disclaimer; the missing-patient page; and the reminder e-mail promising what its page does.
// Own server: it writes as the development personas, fixed users every such file would share.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { arthritisBody, romBody } from "@/lib/assessments/examples";
import { devSignIn } from "@/test/support/dev-sign-in";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let api: ReturnType<typeof apiClient>;
const sessions: Record<string, string> = {};
const as = (persona: string) => ({ token: "development", headers: { "x-dev-user": persona } });

before(async () => {
  server = await startServer();
  api = apiClient(server.origin);
  for (const persona of ["patient", "care_provider"]) sessions[persona] = await devSignIn(server.origin, persona);
});
after(() => server?.stop());

async function html(path: string, persona: string | null, status = 200): Promise<string> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`, {
    headers: { cookie: persona ? sessions[persona]! : "", "accept-language": "en" },
  });
  assert.equal(response.status, status, path);
  return response.text();
}

function readable(page: string): string {
  return page
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test("a patient with no results is led to measuring and to sharing with a clinic, and sees no billing card", async () => {
  const page = await html("/dashboard", "patient");
  assert.match(page, /<a[^>]*href="\/measure"[^>]*>[^<]*Measure my hand/);
  assert.match(page, /<a[^>]*href="#clinic-shares"[^>]*>[^<]*Share with a clinic/);
  assert.match(page, /id="clinic-shares"/);
  const text = readable(page);
  assert.doesNotMatch(text, /Subscriptions are not available/);
  assert.doesNotMatch(text, /\bSubscription\b/);
});

test("the dashboard's strip names the injury, the week after surgery and the goals", async () => {
  const profile = await api.patch(
    "/patients/me",
    { injury: "Distal radius fracture", surgeryType: "Volar plate", surgeryDate: daysAgo(52) },
    as("patient"),
  );
  assert.equal(profile.status, 200);
  const goal = await api.request("PUT", "/patients/me/goals", { test: "ROM", metric: "extensionDeg", target: 60 }, as("patient"));
  assert.equal(goal.status, 200);
  const text = readable(await html("/dashboard", "patient"));
  assert.match(text, /Injury Distal radius fracture/);
  assert.match(text, /Week 8 after surgery \(Volar plate\)/);
  assert.match(text, /Goals Wrist extension ≥ 60°/);
});

test("a planned operation reads as planned, not as a week after it", async () => {
  const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  assert.equal((await api.patch("/patients/me", { surgeryDate: future, surgeryType: null }, as("patient"))).status, 200);
  const text = readable(await html("/dashboard", "patient"));
  assert.match(text, /Surgery planned for/);
  assert.doesNotMatch(text, /after surgery/);
});

test("an arthritis result page is titled by its test and code, names sub-scores with their direction, and says 'not a diagnosis' once", async () => {
  const created = await api.post("/assessments/arthritis", arthritisBody, as("patient"));
  assert.equal(created.status, 201);
  const page = await html(`/a/${created.body.formattedCode}`, null);
  assert.match(page, new RegExp(`<title>Arthritis evaluation · ${created.body.formattedCode} · Hand Assessment</title>`));
  const text = readable(page);
  assert.match(text, /Range of motion 30 \/ 100 higher is better/);
  assert.doesNotMatch(text, /deficit/i);
  assert.equal(text.match(/not a (medical )?diagnosis/gi)?.length, 1, "one disclaimer");
});

test("a result recorded in poor light shows its share of usable frames and asks to measure again in better light", async () => {
  const created = await api.post(
    "/assessments/rom",
    { ...romBody, lightingQuality: "POOR", wrist: { ...romBody.wrist, frames_valid: 126, percent_valid_frames: 42 } },
    as("patient"),
  );
  assert.equal(created.status, 201);
  const page = await html(`/a/${created.body.formattedCode}`, null);
  const text = readable(page);
  assert.match(text, /42% of the camera's frames were usable/);
  assert.match(page, /<a[^>]*href="\/measure"[^>]*>Measure again in better light/);
});

test("a patient the clinician cannot open gets a page with one heading and a way back to the patients", async () => {
  const page = await html("/provider/patients/987654", "care_provider", 404);
  assert.equal(page.match(/<h1\b/g)?.length, 1);
  assert.match(readable(page), /Patient not found/);
  assert.match(page, /<a[^>]*href="\/provider"[^>]*>Back to patients/);
});

test("the reminder e-mail promises what its unsubscribe page does: a page with one button", () => {
  for (const words of [en, es]) {
    assert.doesNotMatch(words.reminders.email.stop, /one click|un clic/i);
    assert.ok(words.reminders.email.stop.includes(words.reminders.unsubscribe.button), words.reminders.email.stop);
  }
});
