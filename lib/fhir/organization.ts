// A clinic as a FHIR R4 Organization (a healthcare provider), and the reference a Patient's
// managingOrganization makes to it. The join code stays out: it is what lets a patient share,
// and a reader of the Organization need not know it.
import type { Organization, Reference } from "@medplum/fhirtypes";

export interface ClinicRecord {
  id: number;
  name: string;
}

export function organizationResource(clinic: ClinicRecord): Organization {
  return {
    resourceType: "Organization",
    id: String(clinic.id),
    active: true,
    type: [
      {
        coding: [{ system: "http://terminology.hl7.org/CodeSystem/organization-type", code: "prov", display: "Healthcare Provider" }],
      },
    ],
    name: clinic.name,
  };
}

export function organizationReference(clinic: ClinicRecord): Reference<Organization> {
  return { reference: `Organization/${clinic.id}`, display: clinic.name };
}
