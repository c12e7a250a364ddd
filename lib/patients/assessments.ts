// Assessment history: a patient's records, newest first, each with its read type, code, one-line
// summary and mapped results tree (the same tree as GET /assessments/:id/results).
import type { z } from "zod";
import type { PatientHandle } from "@/lib/access";
import { loadResults, type Snapshot } from "@/lib/assessments/read";
import { assessmentSummaryLine } from "@/lib/report-view/present";
import { readType, storedType } from "@/lib/assessments/types";
import { formatCode } from "@/lib/codes";
import type { Locale } from "@/lib/i18n/locales";
import { db } from "@/lib/db";
import type { assessmentsQuery } from "@/lib/patients/schemas";
import { wordsFor } from "@/lib/report-view/words";

/** `language`: the summary lines' (English unless the caller asks). */
export async function assessmentHistory(patient: PatientHandle, query: z.output<typeof assessmentsQuery>, language: Locale = "en") {
  const where = { ownerId: patient.patientId, ...(query.type ? { assessmentType: storedType(query.type) } : {}) };
  const [rows, total] = await Promise.all([
    db().assessment.findMany({
      where,
      orderBy: [{ dateCreated: "desc" }, { id: "desc" }],
      take: query.limit,
      skip: query.offset,
      select: { id: true, code: true, assessmentType: true, hand: true, dateCreated: true, resultSnapshot: true },
    }),
    db().assessment.count({ where }),
  ]);
  const results = await loadResults(rows.map((row) => row.id));
  return {
    assessments: rows.map((row) => {
      const snapshot = (row.resultSnapshot ?? {}) as Snapshot;
      return {
        id: row.id,
        assessmentType: readType(row.assessmentType),
        code: row.code,
        formattedCode: formatCode(row.code),
        hand: row.hand,
        dateCreated: row.dateCreated.toISOString(),
        resultSnapshot: snapshot,
        summary: assessmentSummaryLine(row.assessmentType, snapshot, wordsFor(language)),
        results: results.get(row.id) ?? null,
      };
    }),
    total,
  };
}
