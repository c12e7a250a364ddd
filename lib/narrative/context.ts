// GET /journal/narrative-context/:patientId: a prompt-ready text of the patient's recent journal
// entries with each test's latest results on its own scale, bounded so it fits any prompt.
import { openPatient, type PatientHandle } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import { db } from "@/lib/db";
import type { JournalEntry } from "@/lib/generated/prisma/client.ts";
import { env } from "@/lib/env";
import { writtenByStaff } from "@/lib/journal/service";
import { patientStanding } from "@/lib/patients/list";
import { testLine } from "@/lib/patients/standing";

export const CONTEXT_ENTRIES = 10;
export const TRANSCRIPT_CHARS = 600;
export const CONTEXT_MAX_CHARS = 6000;

const one = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function entryLine(entry: JournalEntry): string {
  const facts = [
    entry.createdAt.toISOString().slice(0, 10),
    entry.entryType,
    entry.affectedHand ? `${entry.affectedHand.toLowerCase()} hand` : null,
    entry.painRating !== null ? `pain ${one(entry.painRating)}/10` : null,
    entry.functionRating !== null ? `function ${one(entry.functionRating)}/10` : null,
    writtenByStaff(entry) ? "written by staff, not the patient" : null,
  ].filter(Boolean);
  return `- ${facts.join(" · ")}: "${clip(entry.transcript, TRANSCRIPT_CHARS)}"`;
}

/** Each test on its own scale and the attention, worded as the list and the note word them. */
async function scoreLine(patient: PatientHandle): Promise<string> {
  const standing = await patientStanding(patient);
  if (standing.tests.length === 0) return "Latest results: none recorded yet.";
  const flagged = standing.attentionReasons.filter((r) => r.reason !== "remeasure").map((r) => r.text);
  const remeasures = standing.attentionReasons.filter((r) => r.reason === "remeasure").map((r) => r.text);
  return (
    `Latest results, each test on its own scale against its own previous result: ${standing.tests.map((t) => testLine(t)).join("; ")}` +
    `; trend ${standing.trend}` +
    (standing.needsAttention ? `; needs attention (${flagged.join("; ")})` : "") +
    (remeasures.length ? `; re-measure to confirm (${remeasures.join("; ")})` : "") +
    "."
  );
}

export async function narrativeContext(id: number, caller: AccessContext) {
  const patient = await openPatient(caller, id, "narrative_context", { anonymousAllowed: env().JOURNAL_AUTH === "none" });
  const [entries, scores] = await Promise.all([
    db().journalEntry.findMany({
      where: { patientId: patient.patientId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: CONTEXT_ENTRIES,
    }),
    scoreLine(patient),
  ]);
  const header = entries.length
    ? `Recent journal entries, newest first (pain 0-10, higher is worse; function 0-10, higher is better):`
    : "No journal entries yet.";
  // Older entries are dropped first when the text would exceed the bound.
  const lines: string[] = [];
  let length = header.length + scores.length + 2;
  for (const entry of entries) {
    const line = entryLine(entry);
    if (length + line.length + 1 > CONTEXT_MAX_CHARS) break;
    lines.push(line);
    length += line.length + 1;
  }
  return { context: [header, ...lines, scores].join("\n") };
}
