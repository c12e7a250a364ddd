// Patients with weeks of history, written into the app's embedded database before it starts
// (the API dates every submission today). Run by global-setup with the app's DATA_DIR; prints
// the patients as JSON. Subs are the identity provider's logins, so signing in as one of them
// opens that patient's records. The clinic of known truth (lib/seed/known-truth.ts) is written the
// same way, in a clinic of its own, for e2e/clinical-truth.spec.ts.
import { generateJoinCode } from "@/lib/clinics/join-code";
import { closeDatabase, withConnection } from "@/lib/db";
import { seedKnownTruth } from "@/lib/seed/known-truth";
import { migrateDatabase } from "@/lib/migrations";
import { painWorseCourse, recoveringCourse, writePatientHistory } from "../../scripts/lib/patient-history";
import { displayName } from "./identity-provider";

async function main() {
  const run = process.argv[2]!;
  const people = [
    { key: "recovering", login: `rowan-history-${run}`, injury: "Distal radius fracture, plate fixation", results: recoveringCourse() },
    { key: "painWorse", login: `sasha-pain-${run}`, injury: "Trapeziectomy", results: painWorseCourse() },
  ];
  const out: Record<string, { login: string; name: string; id: number }> = {};
  let knownTruth: { id: number; name: string; joinCode: string } | null = null;
  await withConnection(async (sql) => {
    await migrateDatabase(sql);
    for (const person of people) {
      const name = displayName(person.login);
      const id = await writePatientHistory(sql, { sub: person.login, name, injury: person.injury, results: person.results });
      out[person.key] = { login: person.login, name, id };
    }
    const clinic = { name: `Known Truth Clinic ${run}`, joinCode: generateJoinCode() };
    const [row] = await sql.query<{ id: number }>(`INSERT INTO clinics (name, join_code, created_by) VALUES ($1, $2, 'e2e') RETURNING id`, [
      clinic.name,
      clinic.joinCode,
    ]);
    knownTruth = { id: Number(row!.id), ...clinic };
    await seedKnownTruth(sql, knownTruth.id, `e2e-${run}`, new Date());
  });
  await closeDatabase();
  process.stdout.write(JSON.stringify({ history: out, knownTruth }));
}

await main();
