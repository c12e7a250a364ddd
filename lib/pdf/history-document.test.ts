// The history PDF tells its reader when the export's cap left older records out: a clinician
// filing it must not take its first page for the start of the patient's record.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import type { HistoryView } from "@/lib/pdf/history-document";
import { renderHistoryPdf } from "@/lib/pdf/render";
import { sampleReport } from "@/lib/report-view/sample";

function pdfText(pdf: Buffer): string {
  const result = spawnSync("pdftotext", ["-", "-"], { input: pdf });
  if (result.error) throw result.error;
  return result.stdout.toString("utf8").replace(/\s+/g, " ");
}

function history(language: HistoryView["language"], recordsLeftOut: number): HistoryView {
  return {
    language,
    patient: {
      id: 41,
      name: "Ana Ruiz",
      dateOfBirth: null,
      injury: null,
      surgeryType: null,
      surgeryDate: null,
      weeksSinceSurgery: null,
      affectedHand: null,
      dominantHand: null,
    },
    exportedBy: "Dr Doc",
    createdAt: "2026-11-28T10:00:00.000Z",
    assessments: sampleReport(3).assessments,
    recordsLeftOut,
    quality: {},
    goniometry: [],
    goals: [],
    notes: [],
  };
}

test("a history past the export's cap says how many older records it leaves out, in the reader's language; one within it says nothing", async () => {
  const english = pdfText(await renderHistoryPdf(history("en", 2)));
  assert.match(english, /2 older records are left out: this history holds the newest 3 results, as the CSV export does\./);
  assert.match(pdfText(await renderHistoryPdf(history("en", 1))), /1 older record is left out/);
  assert.match(
    pdfText(await renderHistoryPdf(history("es", 2))),
    /Se omiten 2 registros anteriores: este historial contiene los 3 resultados más recientes/,
  );
  const whole = pdfText(await renderHistoryPdf(history("en", 0)));
  assert.match(whole, /Exported by Dr Doc/);
  assert.doesNotMatch(whole, /left out/);
});
