// A patient contact as a FHIR R4 Patient: name, e-mail, birth date and gender, each only where
// the contact and its profile have it, and the clinic they share with as managingOrganization.
import type { Patient } from "@medplum/fhirtypes";
import { organizationReference, type ClinicRecord } from "@/lib/fhir/organization";

export interface PatientRecord {
  id: number;
  name: string | null;
  email: string | null;
  dateOfBirth: Date | null;
  sex: string | null;
  /** The clinic the reader sees the patient through (lib/fhir/service.ts managingClinic); null when none. */
  clinic?: ClinicRecord | null;
}

/** The profile's free-text sex as FHIR's administrative gender; unrecognised text is left out rather than guessed. */
const GENDERS: Record<string, NonNullable<Patient["gender"]>> = {
  male: "male",
  m: "male",
  man: "male",
  female: "female",
  f: "female",
  woman: "female",
  other: "other",
  "non-binary": "other",
  nonbinary: "other",
  unknown: "unknown",
};

export function patientResource(record: PatientRecord): Patient {
  const name = record.name?.trim();
  const email = record.email?.trim();
  const gender = record.sex ? GENDERS[record.sex.trim().toLowerCase()] : undefined;
  return {
    resourceType: "Patient",
    id: String(record.id),
    active: true,
    ...(name ? { name: [{ text: name }] } : {}),
    ...(email ? { telecom: [{ system: "email", value: email }] } : {}),
    ...(gender ? { gender } : {}),
    ...(record.dateOfBirth ? { birthDate: record.dateOfBirth.toISOString().slice(0, 10) } : {}),
    ...(record.clinic ? { managingOrganization: organizationReference(record.clinic) } : {}),
  };
}
