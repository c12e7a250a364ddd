// A patient contact as a FHIR R4 Patient: the service's identifier, name, e-mail, birth date and
// gender, each only where the contact and its profile have it, and the clinic they share with as
// managingOrganization.
import type { Patient } from "@medplum/fhirtypes";
import { organizationReference, type ClinicRecord } from "@/lib/fhir/organization";
import { resourceMeta } from "@/lib/fhir/versions";

/**
 * The system of Patient.identifier: this service's patient ids, scoped to the service by its
 * public origin (FRONTEND_URL), so an EHR holding several services' ids tells them apart.
 */
export const patientIdSystem = (origin: string) => `${origin}/fhir/patient-id`;

export interface PatientRecord {
  id: number;
  name: string | null;
  email: string | null;
  dateOfBirth: Date | null;
  sex: string | null;
  /** The clinic the reader sees the patient through (lib/fhir/service.ts managingClinic); null when none. */
  clinic?: ClinicRecord | null;
  /** When the contact or its profile last changed. */
  lastUpdated: Date;
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

/** `origin` is the service's public origin (FRONTEND_URL). */
export function patientResource(record: PatientRecord, origin: string): Patient {
  const name = record.name?.trim();
  const email = record.email?.trim();
  const gender = record.sex ? GENDERS[record.sex.trim().toLowerCase()] : undefined;
  return {
    resourceType: "Patient",
    id: String(record.id),
    meta: resourceMeta(record.lastUpdated),
    identifier: [{ use: "usual", system: patientIdSystem(origin), value: String(record.id) }],
    active: true,
    ...(name ? { name: [{ text: name }] } : {}),
    ...(email ? { telecom: [{ system: "email", value: email }] } : {}),
    ...(gender ? { gender } : {}),
    ...(record.dateOfBirth ? { birthDate: record.dateOfBirth.toISOString().slice(0, 10) } : {}),
    ...(record.clinic ? { managingOrganization: organizationReference(record.clinic) } : {}),
  };
}
