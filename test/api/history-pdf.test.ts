// The history PDF a clinician files (GET /patients/{id}/export/pdf): the patient's identifiers and
// clinical context, the period, who exported it and when, every result on its own measure with the
// camera's measurement quality, goals, joints by date with the wrist's reference range, a signature
// line; in English and Spanish; long values stay in their columns (pdftotext -layout).
// Own server: it writes as the development personas, fixed users every such file would share.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { painBody, romBody } from "@/lib/assessments/examples";
import { checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let patientId: number;
const as = (persona: string) => ({ authorization: "Bearer development", "x-dev-user": persona });
async function call(persona: string, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${server.origin}/api${path}`, {
    method,
    headers: { ...as(persona), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await checked(server.origin, method, path, response.clone());
  return response;
}

const LONG_NAME = "Maximiliana Concepción Fernández-Villaverde de la Torre";
const LONG_INJURY = "Distal radius fracture, intra-articular, with scapholunate ligament injury and carpal tunnel symptoms";
const LONG_SURGERY = "Open reduction and internal fixation with a volar locking plate";

before(async () => {
  server = await startServer({ env: { AUTH0_DOMAIN: undefined } });
  const clinic = (await (await call("admin", "POST", "/clinics", { name: "History clinic" })).json()) as { id: number; joinCode: string };
  assert.equal((await call("admin", "POST", `/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" })).status, 201);
  assert.equal((await call("patient", "POST", "/me/clinics", { joinCode: clinic.joinCode })).status, 201);
  const profile = await call("patient", "PATCH", "/patients/me", {
    name: LONG_NAME,
    dateOfBirth: "1961-04-09",
    dominantHand: "RIGHT",
    affectedHand: "LEFT",
    injury: LONG_INJURY,
    surgeryType: LONG_SURGERY,
    surgeryDate: new Date(Date.now() - 6 * 7 * 86_400_000 - 86_400_000).toISOString().slice(0, 10),
  });
  assert.equal(profile.status, 200);
  for (const [path, body] of [
    ["/assessments/rom", romBody],
    ["/assessments/rom", { ...romBody, overallScore: 45.5, wristScore: 38.5 }],
    ["/assessments/pain-v2", painBody],
    ["/assessments/quickdash", { hand: "LEFT", responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] }],
  ] as const) {
    assert.equal((await call("patient", "POST", path, body)).status, 201);
  }
  assert.equal((await call("patient", "PUT", "/patients/me/goals", { test: "ROM", metric: "extensionDeg", target: 70 })).status, 200);
  patientId = ((await (await call("patient", "GET", "/patients/me")).json()) as { id: number }).id;
});
after(() => server.stop());

/**
 * The PDF's text in drawing order, a cell's lines together (`text`), and as pdftotext -layout lays
 * it out with a character column per 3 points, so that a cell's place follows its x on the page
 * (`columns`); null without pdftotext.
 */
async function historyText(language: string, query = ""): Promise<{ text: string; columns: string } | null> {
  const answer = await fetch(`${server.origin}/api/patients/${patientId}/export/pdf${query}`, {
    headers: { ...as("care_provider"), "accept-language": language },
  });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("content-type"), "application/pdf");
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (process.env.HISTORY_PDF_OUT) writeFileSync(`${process.env.HISTORY_PDF_OUT}-${language.slice(0, 2)}.pdf`, bytes);
  const run = (...flags: string[]) => spawnSync("pdftotext", [...flags, "-", "-"], { input: bytes });
  const columns = run("-layout", "-fixed", "3");
  return columns.error ? null : { text: run("-raw").stdout.toString("utf8"), columns: columns.stdout.toString("utf8") };
}

/** pdftotext runs a line's cells together (no two spaces between them) only when their text collides. */
function assertColumnsApart(text: string, header: string[]) {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => header.every((cell) => line.includes(cell)));
  assert.ok(at >= 0, `a table headed ${header.join(" | ")} in:\n${text}`);
  const starts = header.map((cell) => lines[at]!.indexOf(cell));
  for (let i = at + 1; i < lines.length && lines[i]!.trim() !== ""; i++) {
    const line = lines[i]!;
    for (const cell of line.matchAll(/\S+(?: \S+)*/g)) {
      const from = cell.index!;
      const to = from + cell[0].length;
      const column = starts.findLastIndex((start) => start <= from + 1);
      const next = starts[column + 1] ?? Infinity;
      assert.ok(to <= next, `"${cell[0]}" runs from its column into the next (line ${i}):\n${lines.slice(at, i + 1).join("\n")}`);
    }
  }
}

test("in English: identifiers, clinical context, period, exporter, sections and a signature line, columns apart", async (t) => {
  const pdf = await historyText("en-GB", "?timeZone=Europe/Madrid");
  if (pdf === null) return t.skip("pdftotext is missing (Debian package poppler-utils)");
  const { text, columns } = pdf;
  const flat = text.replace(/\s+/g, " ");
  for (const expected of [
    "Assessment history",
    "Date of birth",
    "9 Apr 1961",
    "Record no.",
    String(patientId),
    "Period covered",
    "Diagnosis / injury",
    "Surgery",
    "6 weeks since surgery",
    "Affected hand",
    "Left hand",
    "Dominant hand",
    "Right hand",
    "Exported by",
    "Goals",
    "Range of motion: Wrist extension ≥ 70°",
    "Wrist and finger joints by date",
    "Results by test",
    "Measurement quality",
    "Lighting: Good, 93.3 % valid frames",
    "Worst pain 6 / 10",
    "QuickDASH disability 2.3 / 100",
    "Clinician's signature",
    "dates in Europe/Madrid time",
  ]) {
    assert.ok(flat.toLowerCase().includes(expected.toLowerCase()), `"${expected}" in:\n${text}`);
  }
  for (const word of LONG_NAME.split(" ").concat(LONG_INJURY.split(" "), LONG_SURGERY.split(" "))) {
    assert.ok(flat.includes(word), `${word} of the long values`);
  }
  assert.match(text, /Extension\s+0–70°/, "the wrist's reference range");
  assert.doesNotMatch(flat, /\/ 100[A-Z]|°[A-Z]|\d[A-Z][a-z]/, "no cells run together");
  assertColumnsApart(columns, ["Date", "Hand", "Result", "Measurements", "Measurement quality"]);
  assertColumnsApart(columns, ["Patient", "Date of birth", "Record no.", "Period covered"]);
});

test("in Spanish: the same document in Spanish, with Spanish joint names and decimal commas", async (t) => {
  const pdf = await historyText("es-ES,es;q=0.9");
  if (pdf === null) return t.skip("pdftotext is missing (Debian package poppler-utils)");
  const { text, columns } = pdf;
  const flat = text.replace(/\s+/g, " ");
  for (const expected of [
    "Historial de evaluaciones",
    "Fecha de nacimiento",
    "9 abr 1961",
    "N.º de historia",
    "Periodo",
    "Diagnóstico / lesión",
    "6 semanas desde la cirugía",
    "Mano afectada",
    "Mano izquierda",
    "Mano dominante",
    "Mano derecha",
    "Exportado por",
    "Objetivos",
    "Amplitud de movimiento: Extensión de muñeca ≥ 70°",
    "Resultados por prueba",
    "Calidad de la medición",
    "Iluminación: Buena, 93,3 % de fotogramas válidos",
    "Puntuación global 45,5 / 100",
    "Firma del profesional",
    "MCF",
    "IFP",
  ]) {
    assert.ok(flat.toLowerCase().includes(expected.toLowerCase()), `"${expected}" in:\n${text}`);
  }
  assert.doesNotMatch(flat, /\b(MCP|PIP|DIP|Right|Left|Wrist|Goals|Date)\b/, "no English left");
  assertColumnsApart(columns, ["Fecha", "Mano", "Resultado", "Mediciones", "Calidad de la medición"]);
});

test("another clinic's clinician, an anonymous caller and a bad time zone", async () => {
  assert.equal((await call("care_provider_2", "GET", `/patients/${patientId}/export/pdf`)).status, 404);
  assert.equal((await call("anonymous", "GET", `/patients/${patientId}/export/pdf`)).status, 401);
  const bad = await call("care_provider", "GET", `/patients/${patientId}/export/pdf?timeZone=Mars/Olympus`);
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { field: string }).field, "timeZone");
});
