// Issue 36, items 1 and 3: a clinician of the patient's care team makes a report of the patient's
// results headed with their name and clinical context (read back as JSON and with pdftotext in
// English and Spanish), and writes signed, immutable notes; the patient's access log names both
// with their author.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { dexterityBody, romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { apiClient, checked } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let workDir: string;
let patient: { id: number; token: string; results: number[] };
let clinician: string;
let clinicId: number;
let team: Awaited<ReturnType<typeof careTeam>>;

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
  workDir = mkdtempSync(join(tmpdir(), "hand-notes-"));
  const token = await idp.token({ sub: uniqueSub("named"), roles: ["patient"], name: "Lucía Fernández" });
  const id = (await api.get("/patients/me", { token })).body.id as number;
  const profile = await api.patch(
    "/patients/me",
    {
      dateOfBirth: "1968-07-02",
      injury: "Distal radius fracture",
      affectedHand: "RIGHT",
      dominantHand: "RIGHT",
      surgeryType: "Volar plate fixation",
      surgeryDate: "2026-09-01",
    },
    { token },
  );
  assert.equal(profile.status, 200, JSON.stringify(profile.body));
  const results: number[] = [];
  for (const body of [romBody, dexterityBody]) {
    const made = await api.post(`/assessments/${body === romBody ? "rom" : "dexterity"}`, body, { token });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    results.push(made.body.id);
  }
  patient = { id, token, results };
  const sub = uniqueSub("therapist");
  clinician = await idp.token({ sub, roles: ["care_provider"], name: "Dr Ana Ruiz" });
  team = await careTeam(api, idp, [sub], "Clínica Norte");
  clinicId = team.clinicId;
  await team.share(token);
});
after(async () => {
  await server?.stop();
  await idp?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function pdftotext(pdf: Buffer): string {
  const file = join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const run = spawnSync("pdftotext", [file, "-"], { encoding: "utf8" });
  assert.equal(run.error, undefined, "pdftotext is needed (Debian package poppler-utils; .ci/run installs it)");
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.replace(/\s+/g, " ");
}

async function pdfOf(code: string, language: string): Promise<string> {
  const response = await fetch(`${server.origin}/api/reports/${code}/pdf`, { headers: { "accept-language": language } });
  await checked(server.origin, "GET", `/reports/${code}/pdf`, response.clone());
  assert.equal(response.status, 200);
  return pdftotext(Buffer.from(await response.arrayBuffer()));
}

describe("POST /patients/{id}/reports", () => {
  test("chosen results: 201 with a code; the report names the patient, their context, the clinician and the clinic", async () => {
    const made = await api.post(
      `/patients/${patient.id}/reports`,
      { title: "Six-week review", assessmentIds: patient.results },
      { token: clinician },
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.assessmentCount, 2);
    const report = await api.get(`/reports/${made.body.code}`);
    assert.equal(report.status, 200);
    assert.equal(report.body.title, "Six-week review");
    assert.equal(report.body.createdBy, "staff");
    assert.equal(report.body.patientName, "Lucía Fernández");
    assert.deepEqual(report.body.patient, {
      name: "Lucía Fernández",
      dateOfBirth: "1968-07-02",
      surgeryDate: "2026-09-01",
      surgeryType: "Volar plate fixation",
    });
    const weeks = Math.floor((Date.parse(report.body.createdAt) - Date.parse("2026-09-01T00:00:00Z")) / (7 * 86_400_000));
    assert.deepEqual(report.body.clinical, {
      recordNumber: String(patient.id),
      diagnosis: "Distal radius fracture",
      affectedHand: "RIGHT",
      dominantHand: "RIGHT",
      weeksSinceSurgery: weeks,
      clinician: "Dr Ana Ruiz",
      clinic: "Clínica Norte",
    });
    assert.deepEqual(report.body.owners, { status: "single", accounts: 1, anonymousRecords: 0 });
  });

  test("a date range takes every result of those days; a plain title in the caller's language when none is given", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const made = await api.post(
      `/patients/${patient.id}/reports`,
      { from: "2026-01-01", to: today },
      {
        token: clinician,
        headers: { "accept-language": "es" },
      },
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.assessmentCount, 2);
    assert.equal(made.body.title, "Informe de función de la mano");
    const empty = await api.post(`/patients/${patient.id}/reports`, { from: "2026-01-01", to: "2026-01-02" }, { token: clinician });
    assert.deepEqual([empty.status, empty.body.field], [400, "from"]);
    const reversed = await api.post(`/patients/${patient.id}/reports`, { from: today, to: "2026-01-01" }, { token: clinician });
    assert.deepEqual([reversed.status, reversed.body.field], [400, "to"]);
    const neither = await api.post(`/patients/${patient.id}/reports`, { title: "x" }, { token: clinician });
    assert.deepEqual([neither.status, neither.body.field], [400, "assessmentIds"]);
  });

  test("a date range holding more than 20 results is a 400 naming from; 20 make a report of all 20", async () => {
    const token = await idp.token({ sub: uniqueSub("many"), roles: ["patient"], name: "Many Results" });
    const id = (await api.get("/patients/me", { token })).body.id as number;
    await team.share(token);
    for (let i = 0; i < 20; i++) assert.equal((await api.post("/assessments/dexterity", dexterityBody, { token })).status, 201);
    const today = new Date().toISOString().slice(0, 10);
    const range = () => api.post(`/patients/${id}/reports`, { from: today, to: today }, { token: clinician });
    const twenty = await range();
    assert.deepEqual([twenty.status, twenty.body.assessmentCount], [201, 20], JSON.stringify(twenty.body));
    assert.equal((await api.post("/assessments/dexterity", dexterityBody, { token })).status, 201);
    const tooMany = await range();
    assert.deepEqual([tooMany.status, tooMany.body.field], [400, "from"], JSON.stringify(tooMany.body));
  });

  test("the PDF heads the report with the identifiers, the context and who made it, in English and in Spanish", async () => {
    const made = await api.post(`/patients/${patient.id}/reports`, { assessmentIds: [patient.results[0]] }, { token: clinician });
    assert.equal(made.status, 201);
    const english = await pdfOf(made.body.code, "en");
    assert.match(english, /PATIENT .*Lucía Fernández/);
    assert.match(english, /Born 2 Jul 1968/);
    assert.match(english, /Surgery 1 Sept? 2026 \(Volar plate fixation\)/);
    assert.match(
      english,
      new RegExp(
        `Record no\\. ${patient.id} · Diagnosis: Distal radius fracture · Affected hand: right · Dominant hand: right · \\d+ weeks? since surgery`,
      ),
    );
    assert.match(english, /Made by Dr Ana Ruiz, Clínica Norte/);
    const spanish = await pdfOf(made.body.code, "es");
    assert.match(spanish, /Lucía Fernández/);
    assert.match(
      spanish,
      new RegExp(
        `N\\.º de historia clínica ${patient.id} · Diagnóstico: Distal radius fracture · Mano afectada: derecha · Mano dominante: derecha · \\d+ semanas? desde la cirugía`,
      ),
    );
    assert.match(spanish, /Elaborado por Dr Ana Ruiz, Clínica Norte/);
    assert.doesNotMatch(spanish, /Record no\.|Made by|Affected hand/);
  });

  test("a report bundled from codes by the same clinician stays unnamed", async () => {
    const codes = (await api.get("/patients/me/assessments", { token: patient.token })).body.assessments.map(
      (a: { code: string }) => a.code,
    );
    const bundled = await api.post("/reports", { title: "From codes", assessmentCodes: codes }, { token: clinician });
    assert.equal(bundled.status, 200);
    const report = await api.get(`/reports/${bundled.body.code}`);
    assert.deepEqual([report.body.patientName, report.body.patient, report.body.clinical], [null, null, null]);
  });
});

describe("clinician notes", () => {
  test("a note is signed with the author's name and clinic, tied to a result, and a correction names the note it corrects", async () => {
    const first = await api.post(
      `/patients/${patient.id}/notes`,
      { text: "Grip improving. Continue the home programme.", assessmentId: patient.results[0] },
      { token: clinician },
    );
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.deepEqual(first.body.author, { name: "Dr Ana Ruiz", clinic: { id: clinicId, name: "Clínica Norte" } });
    assert.equal(first.body.assessmentId, patient.results[0]);
    const correction = await api.post(
      `/patients/${patient.id}/notes`,
      { text: "Correction: grip unchanged; pain improving.", corrects: first.body.id },
      { token: clinician },
    );
    assert.equal(correction.status, 201);
    assert.equal(correction.body.corrects, first.body.id);

    const list = await api.get(`/patients/${patient.id}/notes`, { token: clinician });
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 2);
    assert.deepEqual(
      list.body.notes.map((n: { id: number; correctedBy: number[] }) => [n.id, n.correctedBy]),
      [
        [correction.body.id, []],
        [first.body.id, [correction.body.id]],
      ],
    );
    const own = await api.get(`/patients/${patient.id}/notes`, { token: patient.token });
    assert.equal(own.status, 200, "the patient reads the notes on their record");
    assert.equal(own.body.notes[1].text, "Grip improving. Continue the home programme.");
  });

  test("a saved note cannot be changed or removed: there is no PUT, PATCH or DELETE", async () => {
    const note = await api.post(`/patients/${patient.id}/notes`, { text: "Original." }, { token: clinician });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await api.request(
        method,
        `/patients/${patient.id}/notes`,
        { text: "Changed." },
        { token: clinician, unchecked: true },
      );
      assert.equal(response.status, 405, `${method}: ${response.status}`);
    }
    const list = await api.get(`/patients/${patient.id}/notes`, { token: clinician });
    assert.ok(list.body.notes.some((n: { id: number; text: string }) => n.id === note.body.id && n.text === "Original."));
  });

  test("the patient's access log shows the report and the note with their author", async () => {
    const log = await api.get("/me/access-log?limit=200", { token: patient.token });
    assert.equal(log.status, 200);
    // One visit (issue 37) holds a reader's actions within minutes of each other: look in all of Dr Ruiz's.
    const byAna = log.body.entries.filter((e: { name: string }) => e.name === "Dr Ana Ruiz");
    const visitWith = (words: string) => byAna.find((e: { whats: string[] }) => e.whats.includes(words));
    for (const words of ["report made with your name", "clinical note written", "clinical notes"]) {
      const visit = visitWith(words);
      assert.ok(visit, `"${words}" by Dr Ana Ruiz in ${JSON.stringify(byAna.map((e: { whats: string[] }) => e.whats))}`);
      assert.deepEqual([visit.role, visit.clinic], ["care_provider", { id: clinicId, name: "Clínica Norte" }]);
    }
  });

  test("the history PDF and the CSV carry the notes, signed, with what each corrects and the result it is about", async () => {
    const pdf = await api.get<Uint8Array>(`/patients/${patient.id}/export/pdf`, { token: clinician });
    assert.equal(pdf.status, 200);
    const words = pdftotext(Buffer.from(pdf.body));
    assert.match(words, /Clinical notes/);
    assert.match(words, /Dr Ana Ruiz, Clínica Norte Grip improving\. Continue the home programme\. About result [A-Z0-9-]+\./);
    assert.match(words, /Correction: grip unchanged; pain improving\. Corrects the note of /);

    const csv = await api.get<string>(`/patients/${patient.id}/export`, { token: clinician });
    assert.equal(csv.status, 200);
    const noteRows = csv.body.split("\r\n").filter((row) => row.split(",")[3] === "Clinical note");
    assert.equal(noteRows.length, 3, csv.body);
    assert.ok(noteRows.some((row) => row.includes('"Dr Ana Ruiz, Clínica Norte",Grip improving. Continue the home programme.,,,,')));
  });
});
