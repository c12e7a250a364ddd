// The public pages a code opens (/a, /r) and the report's PDF in the reader's language: Spanish
// from Accept-Language, English otherwise, over HTTP against the real server; the PDF read back
// with poppler's pdftotext and its catalogue with qpdf.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { painBody, romBody } from "@/lib/assessments/examples";
import { apiClient, checked } from "@/test/support/http";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let rom: { code: string; formattedCode: string };
let pain: { code: string; formattedCode: string };
let report: { code: string; formattedCode: string };

const SPANISH = { "accept-language": "es-ES,es;q=0.9,en;q=0.5" };

before(async () => {
  server = await sharedServer();
  api = apiClient(server.origin);
  rom = (await api.post("/assessments/rom", { ...romBody, lightingQuality: "POOR" })).body;
  pain = (await api.post("/assessments/pain-v2", painBody)).body;
  const made = await api.post("/reports", { title: "Mis manos", assessmentCodes: [rom.code, pain.code] });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  report = made.body;
});
after(() => server.stop());

async function page(path: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string }> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`, { headers });
  return { status: response.status, html: await response.text() };
}

/** The page's text as a reader meets it: tags dropped (React's text separators first), entities of quotes read, spaces collapsed (no-break spaces kept). */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[ \t\r\n]+/g, " ");

test("a result page in Spanish: title, badges, figures with units and meanings, actions, warning", async () => {
  const { status, html } = await page(`/a/${rom.formattedCode}`, SPANISH);
  assert.equal(status, 200);
  assert.match(html, /<html lang="es"/);
  assert.ok(html.includes(`<title>Amplitud de movimiento · ${rom.formattedCode} · Evaluación de la mano</title>`));
  const shown = text(html);
  for (const words of [
    "Amplitud de movimiento",
    "Mano izquierda",
    "Sin vincular: caduca el",
    "Resultados",
    "Puntuación global",
    "Extensión de muñeca",
    "60° · referencia 0–70° (86\u00a0%)",
    "Iluminación Deficiente",
    "Registrado con poca luz",
    "Volver a medir con mejor luz",
    "Muñeca y articulaciones de los dedos",
    "Conservar este resultado",
    "Enviarme este código por correo electrónico",
  ])
    assert.ok(shown.includes(words), words);
  assert.match(html, /<abbr title="Movilidad activa total">TAM<\/abbr>/);
  for (const english of ["Keep this result", "Wrist extension", "Overall score", "Finger joints", "Not claimed", "Poor lighting"])
    assert.ok(!shown.includes(english), english);
});

test("a pain result in Spanish names places, pain words and helps in Spanish", async () => {
  const shown = text((await page(`/a/${pain.formattedCode}`, SPANISH)).html);
  for (const words of [
    "Dolor máximo",
    "6 / 10 · Angustioso",
    "Dónde duele",
    "IFP del índice, mano izquierda",
    "Hielo, Reposo",
    "Tipo de dolor",
    "Sordo",
  ])
    assert.ok(shown.includes(words), words);
  assert.ok(!shown.includes("Where it hurts"));
});

test("a report page in Spanish: headings, tables, chart-free change, details and the PDF link", async () => {
  const { status, html } = await page(`/r/${report.formattedCode}`, SPANISH);
  assert.equal(status, 200);
  assert.match(html, /<title>Informe · Evaluación de la mano<\/title>/);
  const shown = text(html);
  for (const words of [
    "Informe de evaluación de la mano",
    "Título dado por el remitente: «Mis manos»",
    "Paciente:",
    "2 evaluaciones",
    "Estos registros se enviaron de forma anónima",
    "Resumen",
    "Resultado principal",
    "Puntuación global 72 / 100 (más alto es mejor)",
    "Dolor máximo 6 / 10 (Angustioso)",
    "Cambio del primero al más reciente",
    "un solo resultado",
    "Muñeca y articulaciones de los dedos por fecha",
    "Qué significan los resultados",
    "Detalles de las evaluaciones",
    "1. Amplitud de movimiento · Mano izquierda",
    "Localización:",
    "alivia 7/10",
    "Descargar PDF",
    "Enviar este informe por correo electrónico (el PDF va adjunto)",
  ])
    assert.ok(shown.includes(words), words);
  for (const english of ["Assessment details", "Change from first to latest", "Headline result", "Download PDF", "Summary table"])
    assert.ok(!shown.includes(english), english);
});

test("the same pages stay English for an English reader", async () => {
  const a = text((await page(`/a/${rom.formattedCode}`, { "accept-language": "en-GB" })).html);
  assert.ok(a.includes("Wrist extension") && a.includes("60° · reference 0–70° (86%)") && a.includes("Keep this result"));
  const r = text((await page(`/r/${report.formattedCode}`, { "accept-language": "en-GB" })).html);
  assert.ok(r.includes("Assessment details") && r.includes("Worst pain 6 / 10 (Distressing)") && r.includes("Title given by the sender"));
});

function tool(name: string, args: string[], pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "pdf-"));
  const file = join(dir, "report.pdf");
  writeFileSync(file, pdf);
  try {
    const run = spawnSync(name, [...args, file, ...(name === "pdftotext" ? ["-"] : [])], { encoding: "utf8" });
    assert.equal(run.error, undefined, `${name} is needed (Debian packages poppler-utils and qpdf)`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true });
  }
}

test("the PDF asked for in Spanish is written in Spanish, dated the Spanish way, with /Lang es", async () => {
  const response = await fetch(`${server.origin}/api/reports/${report.code}/pdf`, { headers: SPANISH });
  const answer = await checked<Uint8Array>(server.origin, "GET", `/reports/${report.code}/pdf`, response);
  assert.equal(answer.status, 200);
  const pdf = Buffer.from(answer.body);
  const shown = tool("pdftotext", [], pdf).replace(/\s+/g, " ");
  for (const words of [
    "FECHA DEL INFORME",
    "Resumen",
    "Cambio del primero al más reciente",
    "Muñeca y articulaciones de los dedos por fecha",
    "Detalles de las evaluaciones",
    "Extensión de muñeca",
    "Iluminación deficiente durante el registro",
    "Página 1 de",
    "fechas en UTC",
  ])
    assert.ok(shown.includes(words), words);
  assert.match(shown, /generado el \d{1,2} [a-z]{3,4}\.? 20\d\d/, "a Spanish date");
  assert.ok(!shown.includes("Assessment details") && !shown.includes("Page 1 of"));
  assert.match(tool("qpdf", ["--json"], pdf), /"\/Lang": "u:es-ES"/);

  const english = await fetch(`${server.origin}/api/reports/${report.code}/pdf`, { headers: { "accept-language": "en" } });
  const inEnglish = await checked<Uint8Array>(server.origin, "GET", `/reports/${report.code}/pdf`, english);
  const englishText = tool("pdftotext", [], Buffer.from(inEnglish.body)).replace(/\s+/g, " ");
  assert.ok(englishText.includes("Assessment details") && englishText.includes("Page 1 of"));
});
