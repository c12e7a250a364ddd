// Test servers run the real default, PATIENT_ACCESS=care-team: a care provider reads a patient
// only while the patient shares with a clinic the provider belongs to. These helpers set that up
// the way users do (the service admin makes a clinic and adds the provider, each patient shares
// by the join code), or, for fixtures written straight into the database, in SQL.
import assert from "node:assert/strict";
import { generateJoinCode } from "@/lib/clinics/join-code";
import type { apiClient } from "@/test/support/http";
import type { IdentityProvider } from "@/test/support/identity-provider";

type Api = ReturnType<typeof apiClient>;

export interface CareTeam {
  clinicId: number;
  joinCode: string;
  /** Adds a care provider (by subject) to the clinic. */
  addMember(sub: string): Promise<void>;
  /** The patient holding `patientToken` shares their record with the clinic. */
  share(patientToken: string): Promise<void>;
}

/** A clinic (made by a service admin) whose clinicians are `providerSubs`. */
export async function careTeam(api: Api, idp: IdentityProvider, providerSubs: string[], name = "Test clinic"): Promise<CareTeam> {
  const admin = await idp.token({ roles: ["admin"], name: "Test service admin" });
  const made = await api.post("/clinics", { name }, { token: admin });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const { id: clinicId, joinCode } = made.body as { id: number; joinCode: string };
  const addMember = async (sub: string) => {
    const added = await api.post(`/clinics/${clinicId}/members`, { sub, role: "clinician" }, { token: admin });
    assert.equal(added.status, 201, JSON.stringify(added.body));
  };
  for (const sub of providerSubs) await addMember(sub);
  return {
    clinicId,
    joinCode,
    addMember,
    async share(patientToken: string) {
      const shared = await api.post("/me/clinics", { joinCode }, { token: patientToken });
      assert.equal(shared.status, 201, JSON.stringify(shared.body));
    },
  };
}

/**
 * SQL that makes a clinic whose clinicians are `providerSubs` and shares every patient in the
 * database with it: for suites that write their patients straight into the database. Run it
 * after the fixtures (queryDatabase); patients added later are not shared.
 */
export function shareEveryPatientSql(providerSubs: string[]): { sql: string; params: unknown[] } {
  return {
    sql: `WITH clinic AS (INSERT INTO clinics (name, join_code, created_by) VALUES ('Test clinic', $1, 'test') RETURNING id),
          members AS (INSERT INTO clinic_members (clinic_id, sub, role, added_by)
                      SELECT clinic.id, u.sub, 'clinician', 'test' FROM clinic, unnest($2::text[]) AS u(sub))
          INSERT INTO patient_shares (patient_id, clinic_id) SELECT c.id, clinic.id FROM contacts c, clinic WHERE c.kind = 'PATIENT'`,
    params: [generateJoinCode(), providerSubs],
  };
}
