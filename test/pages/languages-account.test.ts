// The signed-in pages in Spanish (issue 28 item 5): the dashboard, the provider's list and a
// patient's page, the clinic pages with the poster, and the developer pages, over HTTP against the
// real server, signed in through the development sign-in. Each page also sends its client
// components only the namespaces they translate with, not the whole catalogue.
// Own server: it signs in as the development personas, fixed users every such file would share.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { checked } from "@/test/support/http";
import { devSignIn } from "@/test/support/dev-sign-in";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
const sessions: Record<string, string> = {};

before(async () => {
  server = await startServer();
  for (const persona of ["patient", "care_provider", "admin"]) sessions[persona] = await devSignIn(server.origin, persona);
});
after(() => server?.stop());

async function page(path: string, persona: string | null, language = "es"): Promise<string> {
  const cookie = persona ? sessions[persona]! : "";
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`, { headers: { "accept-language": language, cookie } });
  assert.equal(response.status, 200, path);
  return response.text();
}

async function clinicOfAdmin(): Promise<number> {
  const response = await fetch(`${server.origin}/api/clinics`, {
    method: "POST",
    headers: { authorization: "Bearer development", "x-dev-user": "admin", "content-type": "application/json" },
    body: JSON.stringify({ name: "Clínica de la Mano Ribera" }),
  });
  const made = await checked<{ id: number }>(server.origin, "POST", "/clinics", response);
  assert.equal(made.status, 201);
  return made.body.id;
}

test("the patient's dashboard speaks Spanish: title, heading, every panel and the at-a-glance strip", async () => {
  const html = await page("/dashboard", "patient");
  assert.match(html, /<html lang="es"/);
  assert.match(html, /<title>Mi panel · Evaluación de la mano<\/title>/);
  for (const words of [
    "Sus puntuaciones a lo largo del tiempo",
    "De un vistazo",
    "Vincular un código",
    "Quién puede ver mi historial",
    "Código de la clínica",
    "Buscar clínica",
    "Escribir en mi diario",
    "Historial de puntuaciones",
    "Historial de evaluaciones",
    "Quién ha consultado mi historial",
    "↑ ↓ el valor subió o bajó",
  ])
    assert.ok(html.includes(words), words);
  for (const english of ["Claim a code", "Who can see my record", "Score history", "At a glance", "Find clinic"])
    assert.ok(!html.includes(english), english);
});

test("the dashboard sends its panels their Spanish words and no namespace they do not use", async () => {
  const html = await page("/dashboard", "patient");
  // The client components' messages travel in the page's flight data.
  assert.ok(html.includes("Mi lesión y mi cirugía"));
  assert.ok(html.includes("Gestionar suscripción"));
  assert.ok(!html.includes("Imprimir el cartel"), "the clinic pages' words");
  assert.ok(!html.includes("Reservar una demostración"), "the developer form's words");
});

test("the dashboard stays English for an English reader", async () => {
  const html = await page("/dashboard", "patient", "en-GB");
  assert.match(html, /<title>My dashboard · Hand Assessment<\/title>/);
  assert.ok(html.includes("Claim a code"));
  assert.ok(html.includes("Who can see my record"));
  assert.ok(!html.includes("Vincular un código"));
});

test("the provider's patient list and a patient's page speak Spanish", async () => {
  const list = await page("/provider", "care_provider");
  assert.match(list, /<title>Pacientes · Evaluación de la mano<\/title>/);
  assert.ok(list.includes("El último resultado de cada prueba en su propia escala, las tendencias y quién necesita atención"));
  const patient = await page("/provider/patients/1", "admin");
  assert.match(patient, /<title>Paciente · Evaluación de la mano<\/title>/);
  assert.ok(patient.includes("← Todos los pacientes"));
  const staffOnly = await page("/dashboard", "care_provider");
  assert.ok(staffOnly.includes("El panel es para pacientes. Ha iniciado sesión como personal clínico."));
  assert.ok(staffOnly.includes("Abrir la lista de pacientes"));
});

test("the clinic pages and the printable poster speak Spanish, counts and roles included", async () => {
  const id = await clinicOfAdmin();
  const list = await page("/provider/clinics", "admin");
  assert.match(list, /<title>Clínicas · Evaluación de la mano<\/title>/);
  assert.ok(list.includes("Todas las clínicas del servicio."));
  assert.match(list, /\d+ miembros? · \d+ (pacientes comparten|paciente comparte)/);
  const clinic = await page(`/provider/clinics/${id}`, "admin");
  for (const words of [
    "Código de la clínica",
    "Enlace para unirse:",
    "Cartel para imprimir",
    "Pacientes que comparten",
    "Administrador del servicio",
    "Añadir un miembro",
    "Identificador (subject)",
  ])
    assert.ok(clinic.includes(words), words);
  const poster = await page(`/provider/clinics/${id}/poster`, "admin");
  assert.match(poster, /<title>Cartel de la clínica · Evaluación de la mano<\/title>/);
  assert.ok(poster.includes("Comparta con nosotros su historial de evaluación de la mano"));
  assert.ok(poster.includes("Imprimir el cartel"));
  assert.match(poster, /aria-label="Código QR del enlace para unirse http/);
});

test("the developer pages speak Spanish around the API's own English descriptions", async () => {
  const start = await page("/developers", null);
  assert.match(start, /<title>Desarrolladores · Evaluación de la mano<\/title>/);
  const developers = [start, ...(await Promise.all(["tokens", "endpoints", "contact"].map((p) => page(`/developers/${p}`, null))))].join(
    "",
  );
  for (const words of [
    "Desarrolle sobre la API de evaluación de la mano",
    "Inicio rápido",
    "Enviar un resultado",
    "Obtener un token",
    "Todos los endpoints",
    "Reservar una demostración",
    "Correo electrónico",
  ])
    assert.ok(developers.includes(words), words);
  const reference = await page("/developers/api", null);
  assert.match(reference, /<title>Referencia de la API · Evaluación de la mano<\/title>/);
  for (const words of ["Secciones de la API", "Enumeraciones", "Cuerpo de la solicitud", "Respuestas: ", ", obligatorio"])
    assert.ok(reference.includes(words), words);
});
