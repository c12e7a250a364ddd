// The clinic API's answers as the pages read them (the zod schemas are the field lists).
import type { z } from "zod";
import type {
  acceptedInvitation,
  accessLogResponse,
  clinic,
  clinicByCode,
  clinicListResponse,
  invitationListResponse,
  invitationSent,
  member,
  memberListResponse,
  shareListResponse,
} from "@/lib/clinics/schemas";

export type Clinic = z.output<typeof clinic>;
export type ClinicList = z.output<typeof clinicListResponse>;
export type Member = z.output<typeof member>;
export type MemberList = z.output<typeof memberListResponse>;
export type ClinicByCode = z.output<typeof clinicByCode>;
export type ShareList = z.output<typeof shareListResponse>;
export type AccessLog = z.output<typeof accessLogResponse>;
export type AcceptedInvitation = z.output<typeof acceptedInvitation>;
export type InvitationList = z.output<typeof invitationListResponse>;
export type InvitationSent = z.output<typeof invitationSent>;

/** A member's roles, in the order the role picker offers them (their names: the "clinics.roles" messages). */
export const MEMBER_ROLES = ["clinician", "clinic_admin"] as const satisfies readonly Member["role"][];

/** A clinic the caller may manage (its admin page): its clinic admins, and the service admin for any. */
export const manages = (clinic: Clinic, serviceAdmin: boolean) => serviceAdmin || clinic.role === "clinic_admin";
