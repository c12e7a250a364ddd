// Issue 36: the provider's patient page carries the clinical notes and "Report for this patient"
// in the reader's language: their words reach the page's client components (the page names the
// two namespaces), in English and in Spanish.
// Own server: it signs in as the development personas, fixed users every such file would share.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { devSignIn } from "@/test/support/dev-sign-in";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let session: string;
let patientId: number;

before(async () => {
  server = await startServer();
  session = await devSignIn(server.origin, "care_provider");
  // The care-team rule: the development patient shares with a clinic the care provider belongs to.
  const api = apiClient(server.origin);
  const as = (persona: string) => ({ headers: { authorization: "Bearer development", "x-dev-user": persona } });
  const clinic = (await api.post<{ id: number; joinCode: string }>("/clinics", { name: "Sections clinic" }, as("admin"))).body;
  assert.equal((await api.post(`/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" }, as("admin"))).status, 201);
  assert.equal((await api.post("/me/clinics", { joinCode: clinic.joinCode }, as("patient"))).status, 201);
  patientId = (await api.get<{ id: number }>("/patients/me", as("patient"))).body.id;
});
after(() => server?.stop());

async function patientPage(language: string): Promise<string> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}/provider/patients/${patientId}`, {
    headers: { "accept-language": language, cookie: session },
  });
  assert.equal(response.status, 200);
  return response.text();
}

test("the notes and the report form speak the reader's language", async () => {
  const spanish = await patientPage("es");
  for (const words of ["Notas clínicas", "Firmar y guardar", "Escribir una corrección", "Informe para este paciente", "Crear informe"]) {
    assert.ok(spanish.includes(words), words);
  }
  for (const words of ["Sign and save", "Write a correction", "Report for this patient", "Make report"]) {
    assert.ok(!spanish.includes(words), `no English "${words}" in Spanish`);
  }
  const english = await patientPage("en");
  for (const words of ["Clinical notes", "Sign and save", "Report for this patient", "Make report"])
    assert.ok(english.includes(words), words);
});
