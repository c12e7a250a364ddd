// The data the provider scenario needs, made through the API with tokens of the e2e
// identity provider: one patient whose latest score needs attention, one who is doing well.
import type { RunningProvider } from "./identity-provider";
import { displayName, mintToken } from "./identity-provider";
import { api, romResult, type Created } from "./api";

export interface SeededPatient {
  login: string;
  name: string;
  id: number;
}

export interface Seed {
  run: string;
  attention: SeededPatient;
  steady: SeededPatient;
  /** Written into the database before the app starts (history-seed.ts). */
  history: { recovering: SeededPatient; painWorse: SeededPatient };
}

async function patient(origin: string, idp: RunningProvider, login: string, score: number, note: string): Promise<SeededPatient> {
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
  return { login, name: displayName(login), id: me.id };
}

export async function seed(origin: string, idp: RunningProvider): Promise<Omit<Seed, "history">> {
  const run = Date.now().toString(36);
  return {
    run,
    attention: await patient(
      origin,
      idp,
      `alex-attention-${run}`,
      28,
      "Gripping the kettle hurt more this week; stiffness in the morning.",
    ),
    steady: await patient(origin, idp, `blake-steady-${run}`, 86, "Typing is comfortable again, little pain."),
  };
}
