// Clinics, their members, patients' shares and the patient's access log (issue 24). Who reads a
// patient under these is decided in lib/access.
import { z } from "zod";
import { text } from "@/lib/api/text";
import { endpoint } from "@/lib/api/endpoint";
import { idParam, limitParam, offsetParam } from "@/lib/api/pagination";
import { joinCodeSchema } from "@/lib/clinics/join-code";

const unauthorized = { status: 401, description: "Token missing, invalid or expired" };
const forbidden = { status: 403, description: "The token's roles do not allow this" };
const clinicNotFound = { status: 404, description: "No such clinic, or the caller is not a member (the same answer)" };
const badInput = { status: 400, description: "Invalid input; `field` names it" };
const tooMany = { status: 429, description: "Too many code lookups or misses from this address" };

export const CLINIC_ROLES = ["clinician", "clinic_admin"] as const;

const subject = text().trim().min(1).max(256).describe("The identity provider's subject (`sub`); they need not have signed in yet");

export const clinic = z.object({
  id: z.number().int(),
  name: z.string(),
  joinCode: z.string().describe("What patients type to share with the clinic (10 characters)"),
  formattedJoinCode: z.string().describe("The join code as printed: ABCDE-FGHJK"),
  createdAt: z.iso.datetime(),
  role: z.enum(CLINIC_ROLES).nullable().describe("The caller's role in the clinic; null for the service admin"),
  memberCount: z.number().int(),
  patientCount: z.number().int().describe("Patients sharing with the clinic now"),
});

export const clinicParams = z.object({ id: idParam.describe("Clinic id") });

export const createClinicBody = z
  .object({
    name: text().trim().min(1).max(200),
    adminSub: subject.optional().describe("The clinic's first clinic admin"),
  })
  .strict();

export const createClinicEndpoint = endpoint({
  method: "POST",
  path: "/clinics",
  operationId: "createClinic",
  requestExample: { name: "Riverside Hand Clinic", adminSub: "auth0|64f1c2a9e8" },
  summary: "Create a clinic, optionally naming its first clinic admin (service admin)",
  tag: "Clinics",
  auth: { roles: ["admin"] },
  body: createClinicBody,
  limits: ["write"],
  responses: [
    { status: 201, description: "The clinic, with its join code", schema: clinic },
    badInput,
    unauthorized,
    { status: 403, description: "Not the service admin" },
    { status: 429, description: "Too many writes from this address" },
  ],
});

export const clinicListResponse = z.object({ clinics: z.array(clinic) });

export const listClinicsEndpoint = endpoint({
  method: "GET",
  path: "/clinics",
  operationId: "listClinics",
  summary: "Clinics: every clinic for the service admin, the caller's own for staff",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  responses: [{ status: 200, description: "Clinics by name", schema: clinicListResponse }, unauthorized, forbidden],
});

export const getClinicEndpoint = endpoint({
  method: "GET",
  path: "/clinics/{id}",
  operationId: "getClinic",
  summary: "One clinic (its members and the service admin)",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  params: clinicParams,
  responses: [{ status: 200, description: "The clinic", schema: clinic }, unauthorized, forbidden, clinicNotFound],
});

export const member = z.object({
  sub: z.string(),
  role: z.enum(CLINIC_ROLES),
  name: z.string().nullable().describe("Their display name, once they have signed in"),
  addedBy: z.string(),
  addedAt: z.iso.datetime(),
});

const lastAdmin = {
  status: 409,
  description: "The change would leave the clinic without an admin (code LAST_CLINIC_ADMIN): make another member clinic_admin first",
} as const;

export const addMemberBody = z.object({ sub: subject, role: z.enum(CLINIC_ROLES) }).strict();

export const addMemberEndpoint = endpoint({
  method: "POST",
  path: "/clinics/{id}/members",
  operationId: "addClinicMember",
  requestExample: { sub: "auth0|64f1c2a9e8", role: "clinician" },
  summary: "Add a member, or change a member's role (the service admin or the clinic's admins)",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  params: clinicParams,
  body: addMemberBody,
  limits: ["write"],
  responses: [
    { status: 201, description: "The member", schema: member },
    badInput,
    unauthorized,
    { status: 403, description: "A member of the clinic who is not its admin" },
    clinicNotFound,
    lastAdmin,
    { status: 429, description: "Too many writes from this address" },
  ],
});

export const memberListResponse = z.object({ members: z.array(member) });

export const listMembersEndpoint = endpoint({
  method: "GET",
  path: "/clinics/{id}/members",
  operationId: "listClinicMembers",
  summary: "A clinic's members (its members and the service admin)",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  params: clinicParams,
  responses: [{ status: 200, description: "Members, admins first", schema: memberListResponse }, unauthorized, forbidden, clinicNotFound],
});

export const removeMemberEndpoint = endpoint({
  method: "DELETE",
  path: "/clinics/{id}/members/{sub}",
  operationId: "removeClinicMember",
  summary: "Remove a member: from the next request on they read none of the clinic's patients",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  params: z.object({ id: idParam.describe("Clinic id"), sub: subject }),
  limits: ["write"],
  responses: [
    { status: 204, description: "Removed" },
    unauthorized,
    { status: 403, description: "A member of the clinic who is not its admin" },
    { status: 404, description: "No such clinic or member, or the caller is not a member" },
    lastAdmin,
    { status: 429, description: "Too many writes from this address" },
  ],
});

export const clinicByCode = z.object({ id: z.number().int(), name: z.string() });

export const clinicByCodeEndpoint = endpoint({
  method: "GET",
  path: "/clinic-codes/{joinCode}",
  operationId: "findClinicByJoinCode",
  summary: "The clinic a join code names, so a patient sees its name before sharing (rate-limited like code lookups)",
  tag: "Clinics",
  auth: "required",
  params: z.object({ joinCode: joinCodeSchema.describe("The clinic's join code, e.g. ABCDE-23456 (any case, dash optional)") }),
  limits: ["code"],
  responses: [
    { status: 200, description: "The clinic's id and name", schema: clinicByCode },
    badInput,
    unauthorized,
    { status: 404, description: "No clinic with this join code" },
    tooMany,
  ],
});

export const share = z.object({ clinicId: z.number().int(), name: z.string(), sharedAt: z.iso.datetime() });

export const shareBody = z.object({ joinCode: joinCodeSchema }).strict();

export const shareEndpoint = endpoint({
  method: "POST",
  path: "/me/clinics",
  operationId: "shareWithClinic",
  requestExample: { joinCode: "ABCDE-23456" },
  summary: "Share my record with a clinic by its join code (patients)",
  tag: "Sharing",
  auth: { roles: ["patient"] },
  body: shareBody,
  limits: ["code"],
  responses: [
    { status: 201, description: "The share (sharing again keeps the first date)", schema: share },
    badInput,
    unauthorized,
    { status: 403, description: "Not a patient token" },
    { status: 404, description: "No clinic with this join code" },
    tooMany,
  ],
});

export const shareListResponse = z.object({ clinics: z.array(share) });

export const listSharesEndpoint = endpoint({
  method: "GET",
  path: "/me/clinics",
  operationId: "listMyClinicShares",
  summary: "Who can see my record: the clinics I share with, since when (patients)",
  tag: "Sharing",
  auth: { roles: ["patient"] },
  responses: [
    { status: 200, description: "Shares, newest first", schema: shareListResponse },
    unauthorized,
    { status: 403, description: "Not a patient token" },
  ],
});

export const revokeShareEndpoint = endpoint({
  method: "DELETE",
  path: "/me/clinics/{clinicId}",
  operationId: "stopSharingWithClinic",
  summary: "Stop sharing with a clinic: its clinicians read nothing of mine from the next request on (patients)",
  tag: "Sharing",
  auth: { roles: ["patient"] },
  params: z.object({ clinicId: idParam.describe("Id of the clinic to stop sharing with") }),
  responses: [
    { status: 204, description: "No longer shared" },
    unauthorized,
    { status: 403, description: "Not a patient token" },
    { status: 404, description: "Not shared with this clinic" },
  ],
});

export const accessLogQuery = z.object({ limit: limitParam(50, 200), offset: offsetParam });

export const accessLogEntry = z.object({
  at: z.iso.datetime(),
  role: z.string().describe("admin, care_provider, patient or anonymous (code holders)"),
  name: z.string().nullable().describe("The reader's display name where the service knows it"),
  clinic: z
    .object({
      id: z.number().int(),
      name: z.string().nullable().describe("Null once the clinic is deleted"),
    })
    .nullable()
    .describe(
      "The clinic whose share let a clinician read the record; null for reads no share granted (service admin, all-staff mode, sharing codes)",
    ),
  clinics: z
    .array(z.string())
    .describe(
      "The clinic that gave access when `clinic` names one; otherwise the clinics the reader is a member of (also for entries recorded before clinics were)",
    ),
  action: z.string(),
  what: z.string().describe("profile, journal, FHIR export, report ..."),
});

export const accessLogResponse = z.object({ entries: z.array(accessLogEntry).describe("Newest first"), total: z.number().int() });

export const accessLogEndpoint = endpoint({
  method: "GET",
  path: "/me/access-log",
  operationId: "getMyAccessLog",
  summary: "Who looked at my record, from the audit trail (patients)",
  tag: "Sharing",
  auth: { roles: ["patient"] },
  query: accessLogQuery,
  responses: [
    { status: 200, description: "Reads and changes by others, newest first", schema: accessLogResponse },
    { status: 400, description: "Invalid paging" },
    unauthorized,
    { status: 403, description: "Not a patient token" },
  ],
});
