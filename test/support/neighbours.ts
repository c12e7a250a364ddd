// Two neighbours beside the patient under test: one sharing with the same clinic, one with another
// clinic, each with a result of every kind, a journal entry, a goal, reminders on and a share (and a
// clinician's note on the same-clinic one). A query that forgets its WHERE passes a test that seeds
// one patient; with these beside it, their rows turn up in what comes back (absent()) or change in
// the database (untouched()).
import assert from "node:assert/strict";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import type { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";

type Api = ReturnType<typeof apiClient>;

/** A result of every kind a patient submits, by route. */
const RECORDS: [string, Record<string, unknown>][] = [
  ["/assessments/rom", { ...romBody, wrist: { ...romBody.wrist, max_extension_deg: 41 } }],
  ["/assessments/dexterity", dexterityBody],
  ["/assessments/pain-v2", painBody],
  ["/assessments/arthritis", arthritisBody],
  ["/assessments/quickdash", { hand: "RIGHT", responses: Array.from({ length: 11 }, () => 4) }],
];

export interface Neighbour {
  label: "same clinic" | "other clinic";
  id: number;
  token: string;
  email: string;
  /** Each record's code and formatted code. */
  codes: string[];
  /** Text only this neighbour's rows hold (their journal entry's transcript, a clinician's note). */
  marker: string;
}

export interface Neighbours {
  sameClinic: Neighbour;
  otherClinic: Neighbour;
  otherTeam: CareTeam;
  /** Asserts that no code, marker, e-mail or FHIR reference of either neighbour is in `text`. */
  absent(text: string, where: string): void;
  /** Asserts each neighbour's records, journal, goals, reminders, notes and shares read as they did when seeded. */
  untouched(): Promise<void>;
}

async function seed(api: Api, idp: IdentityProvider, label: Neighbour["label"], team: CareTeam, clinician?: string): Promise<Neighbour> {
  const sub = uniqueSub("neighbour");
  const email = `${sub.replace(/\W/g, "-")}@example.com`;
  const token = await idp.token({ sub, roles: ["patient"], name: `Neighbour ${label}`, email });
  const codes: string[] = [];
  for (const [path, body] of RECORDS) {
    const made = await api.post(path, body, { token });
    assert.equal(made.status, 201, `${label} ${path}: ${JSON.stringify(made.body)}`);
    codes.push(made.body.code, made.body.formattedCode);
  }
  const id = (await api.get("/patients/me", { token })).body.id as number;
  const marker = `neighbour-${label.replace(" ", "-")}-${sub.slice(-8)}`;
  const entry = await api.post("/journal", { patientId: id, entryType: "AD_HOC_CHECK_IN", transcript: marker }, { token });
  assert.equal(entry.status, 201, JSON.stringify(entry.body));
  assert.equal(
    (await api.request("PUT", "/patients/me/goals", { test: "ROM", metric: "extensionDeg", target: 70 }, { token })).status,
    200,
  );
  assert.equal((await api.request("PUT", "/patients/me/reminders", { intervalWeeks: 2 }, { token })).status, 200);
  await team.share(token);
  if (clinician) {
    const note = await api.post(`/patients/${id}/notes`, { text: `Seen: ${marker}` }, { token: clinician });
    assert.equal(note.status, 201, JSON.stringify(note.body));
  }
  return { label, id, token, email, codes, marker };
}

/** What a neighbour reads of their own record, in a form two reads can be compared by. */
async function ownView(api: Api, neighbour: Neighbour): Promise<unknown> {
  const { token } = neighbour;
  const read = async (path: string) => {
    const answer = await api.get(path, { token });
    assert.equal(answer.status, 200, `${neighbour.label} ${path}`);
    return answer.body;
  };
  return {
    assessments: ((await read("/patients/me/assessments?limit=50")).assessments as { code: string }[]).map((a) => a.code).sort(),
    journal: ((await read(`/journal?patientId=${neighbour.id}`)).entries as { transcript: string }[]).map((e) => e.transcript),
    goals: ((await read("/patients/me/goals")).goals as { test: string; metric: string; target: number }[]).map((g) => [
      g.test,
      g.metric,
      g.target,
    ]),
    reminders: await read("/patients/me/reminders"),
    notes: ((await read(`/patients/${neighbour.id}/notes`)).notes as { text: string }[]).map((n) => n.text),
    shares: ((await read("/me/clinics")).clinics as { clinicId: number; sharedAt: string }[]).map((c) => [c.clinicId, c.sharedAt]),
  };
}

/**
 * Seeds the neighbours: one sharing with `team`'s clinic, on whose record `clinician` (of that
 * clinic) writes a note holding the marker, and one sharing with a clinic of its own.
 */
export async function seedNeighbours(api: Api, idp: IdentityProvider, team: CareTeam, clinician: string): Promise<Neighbours> {
  const otherTeam = await careTeam(api, idp, [], "Neighbouring clinic");
  const sameClinic = await seed(api, idp, "same clinic", team, clinician);
  const otherClinic = await seed(api, idp, "other clinic", otherTeam);
  const seeded = [sameClinic, otherClinic];
  const views = await Promise.all(seeded.map((neighbour) => ownView(api, neighbour)));
  return {
    sameClinic,
    otherClinic,
    otherTeam,
    absent(text, where) {
      for (const neighbour of seeded) {
        for (const code of neighbour.codes) assert.ok(!text.includes(code), `${where}: the ${neighbour.label} neighbour's record ${code}`);
        assert.ok(!text.includes(neighbour.marker), `${where}: the ${neighbour.label} neighbour's journal or note`);
        assert.ok(!text.includes(neighbour.email), `${where}: the ${neighbour.label} neighbour's e-mail`);
        assert.ok(
          !new RegExp(`Patient/${neighbour.id}(?!\\d)`).test(text),
          `${where}: a FHIR reference to the ${neighbour.label} neighbour`,
        );
      }
    },
    async untouched() {
      for (const [i, neighbour] of seeded.entries())
        assert.deepEqual(await ownView(api, neighbour), views[i], `the ${neighbour.label} neighbour`);
    },
  };
}
