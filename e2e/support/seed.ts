// The data the scenarios share, made through the API with tokens of the e2e identity provider:
// one patient whose latest score needs attention, one who is doing well, and the clinic of the
// care providers who read them. The servers run the care-team rule of a real deployment: every
// seeded patient (the history patients too) shares their record with that clinic by its join
// code, as a patient does, and a provider persona reads them once the clinic has made them a
// member (fixtures.ts: clinician()).
import type { RunningProvider } from "./identity-provider";
import { displayName, mintToken } from "./identity-provider";
import { api, romResult, type Created } from "./api";

export interface SeededPatient {
  login: string;
  name: string;
  id: number;
}

export interface SeededClinic {
  id: number;
  name: string;
  joinCode: string;
}

export interface Seed {
  run: string;
  /** The service admin who made the clinic (and adds its clinicians). */
  adminLogin: string;
  clinic: SeededClinic;
  attention: SeededPatient;
  steady: SeededPatient;
  /** Written into the database before the app starts (history-seed.ts). */
  history: { recovering: SeededPatient; painWorse: SeededPatient };
  /** The clinic of known truth (lib/seed/known-truth.ts), written the same way; no member yet. */
  knownTruth: SeededClinic;
}

async function shareWith(origin: string, clinic: SeededClinic, token: string): Promise<void> {
  await api(origin, "POST", "/me/clinics", { joinCode: clinic.joinCode }, token);
}

async function patient(
  origin: string,
  idp: RunningProvider,
  clinic: SeededClinic,
  login: string,
  score: number,
  note: string,
): Promise<SeededPatient> {
  const token = await mintToken(idp.privateJwk, idp.issuer, login);
  await api<Created>(origin, "POST", "/assessments/rom", romResult(score), token);
  const me = await api<{ id: number }>(origin, "GET", "/patients/me", undefined, token);
  await api(
    origin,
    "POST",
    "/journal",
    {
      patientId: me.id,
      entryType: "AD_HOC_CHECK_IN",
      transcript: note,
      affectedHand: "RIGHT",
      painRating: score < 40 ? 6 : 2,
      functionRating: score < 40 ? 3 : 8,
    },
    token,
  );
  await shareWith(origin, clinic, token);
  return { login, name: displayName(login), id: me.id };
}

export async function seed(origin: string, idp: RunningProvider, history: Seed["history"], knownTruth: Seed["knownTruth"]): Promise<Seed> {
  const run = Date.now().toString(36);
  const adminLogin = `admin-seed-${run}`;
  const admin = await mintToken(idp.privateJwk, idp.issuer, adminLogin);
  const clinic = await api<SeededClinic>(origin, "POST", "/clinics", { name: `Harbour Hand Clinic ${run}` }, admin);
  for (const person of Object.values(history)) await shareWith(origin, clinic, await mintToken(idp.privateJwk, idp.issuer, person.login));
  return {
    run,
    adminLogin,
    clinic: { id: clinic.id, name: clinic.name, joinCode: clinic.joinCode },
    attention: await patient(
      origin,
      idp,
      clinic,
      `alex-attention-${run}`,
      28,
      "Gripping the kettle hurt more this week; stiffness in the morning.",
    ),
    steady: await patient(origin, idp, clinic, `blake-steady-${run}`, 86, "Typing is comfortable again, little pain."),
    history,
    knownTruth,
  };
}
