// Spanish to the last word: every page and document a Spanish reader gets, signed in as the
// patient or their clinician or not at all (pages over HTTP with Accept-Language, the PDFs through
// pdftotext, the CSV), holds no English catalogue value (one that Spanish words differently) and
// no English joint abbreviation or hand name.
// Own server: it writes as the development personas, fixed users every such file would share.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, test } from "node:test";
import { dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { devSignIn } from "@/test/support/dev-sign-in";
import { checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let patientId: number;
let reportCode: string;
const codes: string[] = [];
const sessions: Record<string, string> = {};
const SPANISH = { "accept-language": "es-ES,es;q=0.9" };
const as = (persona: string) => ({ authorization: "Bearer development", "x-dev-user": persona, ...SPANISH });
async function call(persona: string, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${server.origin}/api${path}`, {
    method,
    headers: { ...as(persona), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await checked(server.origin, method, path, response.clone());
  return response;
}

before(async () => {
  server = await startServer({ env: { AUTH0_DOMAIN: undefined } });
  const clinic = (await (await call("admin", "POST", "/clinics", { name: "Clínica Ribera" })).json()) as { id: number; joinCode: string };
  assert.equal((await call("admin", "POST", `/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" })).status, 201);
  assert.equal((await call("patient", "POST", "/me/clinics", { joinCode: clinic.joinCode })).status, 201);
  const profile = await call("patient", "PATCH", "/patients/me", {
    name: "Lucía Martín Ortega",
    dateOfBirth: "1970-02-11",
    dominantHand: "RIGHT",
    affectedHand: "LEFT",
    injury: "Fractura de radio distal",
    surgeryType: "Osteosíntesis con placa volar",
    surgeryDate: "2026-09-01",
  });
  assert.equal(profile.status, 200);
  for (const [path, body] of [
    ["/assessments/rom", { ...romBody, overallScore: 64.5 }],
    ["/assessments/rom", { ...romBody, hand: "RIGHT", overallScore: 70.5 }],
    ["/assessments/pain-v2", { ...painBody, comments: "peor después de escribir" }],
    ["/assessments/dexterity", dexterityBody],
    ["/assessments/quickdash", { hand: "LEFT", responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] }],
  ] as const) {
    const created = await call("patient", "POST", path, body);
    assert.equal(created.status, 201, path);
    codes.push(((await created.json()) as { code: string }).code);
  }
  assert.equal((await call("patient", "PUT", "/patients/me/goals", { test: "ROM", metric: "extensionDeg", target: 70 })).status, 200);
  const report = await call("patient", "POST", "/reports", { title: "Revisión de las seis semanas", assessmentCodes: codes });
  assert.equal(report.status, 200);
  reportCode = ((await report.json()) as { code: string }).code;
  patientId = ((await (await call("patient", "GET", "/patients/me")).json()) as { id: number }).id;
  for (const persona of ["patient", "care_provider"]) sessions[persona] = await devSignIn(server.origin, persona);
});
after(() => server?.stop());

/** The catalogue's English leaves that Spanish words differently: the literal text between their placeholders. */
function englishPhrases(): string[] {
  const phrases = new Set<string>();
  const walk = (english: unknown, spanish: unknown) => {
    if (typeof english === "string") {
      if (english === spanish) return;
      // ICU plurals keep their branches' words; a value with placeholders gives its phrases of two words or more.
      const parts = english.replace(/\b(?:one|other|few|many|zero|=\d+)\s*\{/g, "{").split(/\{[^{}]*\}|[{}#<>]/);
      for (const part of parts) {
        const phrase = part.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
        if (phrase.length >= 4 && (parts.length === 1 || /\p{L}\s+\p{L}/u.test(phrase))) phrases.add(phrase);
      }
    } else if (english && typeof english === "object") {
      for (const [key, value] of Object.entries(english)) walk(value, (spanish as Record<string, unknown> | undefined)?.[key]);
    }
  };
  walk(en, es);
  return [...phrases];
}

const ENGLISH = englishPhrases();
/** Words a Spanish therapist never writes: English joint abbreviations and hand names. */
const FORBIDDEN = /\b(MCP|PIP|DIP|CMC|Right|Left|Wrist)\b/;
/** What the development personas are called and proper names, not words of the service. */
const DATA = [/Development (Patient|Care Provider|Admin)/g, /dev\|[\w-]+/g, /American Society for Surgery of the Hand/g];

/** The words a reader sees on a page: text and the attributes that are read out or shown. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]*?\b(?:aria-label|title|alt|placeholder)="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ");
}

function englishIn(text: string): string[] {
  const cleaned = DATA.reduce((rest, pattern) => rest.replace(pattern, " "), text);
  const found = ENGLISH.filter((phrase) =>
    new RegExp(`(?<![\\p{L}\\d])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\d])`, "u").test(cleaned),
  );
  const abbreviation = FORBIDDEN.exec(cleaned);
  return abbreviation ? [...found, abbreviation[0]] : found;
}

function assertSpanish(where: string, text: string) {
  const english = englishIn(text);
  assert.deepEqual(english, [], `${where} has English: ${english.join(" | ")}\n${text.slice(0, 4000)}`);
}

async function page(path: string, persona: string | null): Promise<string> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`, { headers: { ...SPANISH, cookie: persona ? sessions[persona]! : "" } });
  assert.equal(response.status, 200, path);
  const html = await response.text();
  assert.match(html, /<html lang="es"/, path);
  return visibleText(html);
}

function pdfText(bytes: Buffer): string | null {
  const run = spawnSync("pdftotext", ["-layout", "-", "-"], { input: bytes });
  return run.error ? null : run.stdout.toString("utf8").replace(/\s+/g, " ");
}

// Not walked: the developer pages, which document the API and its English contract.
test("public pages in Spanish", async () => {
  for (const path of ["/", "/signin", `/a/${codes[0]}`, `/a/${codes[2]}`, `/a/${codes[3]}`, `/a/${codes[4]}`, `/r/${reportCode}`]) {
    assertSpanish(path, await page(path, null));
  }
});

test("the patient's pages in Spanish", async () => {
  for (const path of ["/dashboard", "/reports/new"]) assertSpanish(path, await page(path, "patient"));
});

test("the clinician's pages in Spanish", async () => {
  for (const path of ["/provider", `/provider/patients/${patientId}`]) assertSpanish(path, await page(path, "care_provider"));
});

// The panels the browser fills in after the page: the words their API answers put on the page.
test("the words the pages' panels load in Spanish", async () => {
  const history = (await (await call("care_provider", "GET", `/patients/${patientId}/assessments`)).json()) as {
    assessments: { summary: string }[];
  };
  const summaries = history.assessments.map((a) => a.summary).join(" | ");
  assertSpanish("the history's lines", summaries);
  assert.match(summaries, /QuickDASH 2,3\/100/);
  const goals = (await (await call("care_provider", "GET", `/patients/${patientId}/goals`)).json()) as {
    goals: { label: string; text: string }[];
  };
  assertSpanish("the goals", goals.goals.map((g) => `${g.label} ${g.text}`).join(" | "));
  const narrative = (await (await call("care_provider", "GET", `/patients/${patientId}/narrative-summary`)).json()) as { summary: string };
  assertSpanish("the narrative summary", narrative.summary);
  assert.match(narrative.summary, /Lucía Martín Ortega/);
});

test("the documents in Spanish: the report's PDF, the history PDF and the CSV", async (t) => {
  const csv = await call("care_provider", "GET", `/patients/${patientId}/export`);
  assert.equal(csv.status, 200);
  assertSpanish("the history CSV", await csv.text());
  for (const path of [`/reports/${reportCode}/pdf`, `/patients/${patientId}/export/pdf`]) {
    const answer = await call("care_provider", "GET", path);
    assert.equal(answer.status, 200, path);
    const text = pdfText(Buffer.from(await answer.arrayBuffer()));
    if (text === null) return t.skip("pdftotext is missing (Debian package poppler-utils)");
    assertSpanish(path, text);
  }
});
