// Raw patient queries stay inside the data modules, whose readers take a PatientHandle (only
// lib/access makes one) or the caller's own record. A page, route, component or any other
// module that queried a patient table itself would skip the access rule and the audit row:
// this test scans the source for Prisma calls on the patient models and SQL naming their tables.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

/** Where patient tables may be queried, and why. */
const DATA_MODULES: Record<string, string> = {
  "lib/patients/": "the profile, histories and list: readers take a PatientHandle, the list takes listScope",
  "lib/journal/": "journal readers take a PatientHandle",
  "lib/notes/": "clinician notes: readers take a PatientHandle, writers one from openAsCareTeam",
  "lib/goals/": "goal readers and writers take a PatientHandle or the caller's own record",
  "lib/fhir/": "FHIR readers take a PatientHandle",
  "lib/narrative/": "summary and context take a PatientHandle",
  "lib/assessments/": "submissions write the caller's own record; results by code are audited (auditShown)",
  "lib/lookup/": "reads by sharing code, audited (auditShown); the expiry purge",
  "lib/reports/": "reports built from the caller's own or code-shared assessments, audited",
  "lib/voice/journal.ts": "the voice session writes the caller's own journal",
  "lib/seed/": "demo data (npm run db:seed, benchmarks), no request path",
  "scripts/": "operator commands run with database access, no request path",
};

/** The models holding one patient's data (prisma/schema.prisma). */
const PATIENT_MODELS = [
  "PatientProfile",
  "Treatment",
  "Assessment",
  "ScorePoint",
  "PatientStanding",
  "RomAssessment",
  "RomHandResult",
  "RomJointResult",
  "DexterityAssessment",
  "DexterityFingerResult",
  "PainSession",
  "PainEntry",
  "PainMedication",
  "PainStrategy",
  "ArthritisEvaluation",
  "ArthritisFunctionalLimitation",
  "ArthritisJointSymptom",
  "ArthritisJointHealth",
  "JournalEntry",
  "PatientGoal",
  "Report",
  "ReportItem",
  "ClinicianNote",
  "PatientReview",
];

function tablesOf(schema: string): string[] {
  return PATIENT_MODELS.map((model) => {
    const body = new RegExp(`^model ${model} \\{([\\s\\S]*?)^\\}`, "m").exec(schema)?.[1];
    assert.ok(body, `model ${model} is in prisma/schema.prisma`);
    const table = /@@map\("(\w+)"\)/.exec(body)?.[1];
    assert.ok(table, `model ${model} names its table`);
    return table;
  });
}

const delegates = PATIENT_MODELS.map((model) => model[0]!.toLowerCase() + model.slice(1));
const PRISMA_CALL = new RegExp(
  `\\.(${delegates.join("|")})\\.(findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|findMany|count|aggregate|groupBy|create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany)\\(`,
);
const sqlOn = (tables: string[]) => new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+"?(${tables.join("|")})\\b"?`);

/** The raw patient queries a file makes outside the data modules: "line: text" for each. */
function violations(path: string, text: string, tables: string[]): string[] {
  if (Object.keys(DATA_MODULES).some((allowed) => path.startsWith(allowed))) return [];
  const sql = sqlOn(tables);
  return text
    .split("\n")
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => PRISMA_CALL.test(line) || sql.test(line))
    .map(({ line, number }) => `${path}:${number}: ${line.trim()}`);
}

const SKIP = new Set(["node_modules", "generated", ".git", ".stryker-tmp", "reports"]);

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith(".next")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

const tables = tablesOf(readFileSync("prisma/schema.prisma", "utf8"));

test("no module outside the data modules queries a patient table", () => {
  const files = [...["lib", "app", "components", "scripts"].flatMap((dir) => sources(dir)), "server.ts"];
  assert.ok(files.length > 100);
  assert.deepEqual(
    files.flatMap((path) => violations(path, readFileSync(path, "utf8"), tables)),
    [],
  );
});

test("a planted raw query in a page or another module is caught, the same in a data module is not", () => {
  const planted = [
    "const rows = await db().journalEntry.findMany({ where: { contactId } });",
    "const scores = await db().$queryRaw`SELECT * FROM score_points WHERE contact_id = ${id}`;",
    'await sql.query(`UPDATE "patient_profiles" SET injury = $1`, [injury]);',
  ].join("\n");
  assert.equal(violations("app/(provider)/patients/[id]/page.tsx", planted, tables).length, 3);
  assert.equal(violations("lib/clinics/service.ts", planted, tables).length, 3);
  assert.deepEqual(violations("lib/patients/profile.ts", planted, tables), []);
  assert.deepEqual(violations("lib/clinics/service.ts", "db().clinicMember.findMany({ where: { clinicId } });", tables), []);
});
