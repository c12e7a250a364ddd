// Clinics, their members, patients' shares and the patient's access log (issue 24). Who reads a
// patient under these is decided in lib/access.
import { z } from "zod";
import { requiredText } from "@/lib/api/text";
import { endpoint } from "@/lib/api/endpoint";
import { idParam, limitParam, offsetParam } from "@/lib/api/pagination";
import { joinCodeSchema } from "@/lib/clinics/join-code";

const unauthorized = { status: 401, description: "Token missing, invalid or expired" };
const forbidden = { status: 403, description: "The token's roles do not allow this" };
const clinicNotFound = { status: 404, description: "No such clinic, or the caller is not a member (the same answer)" };
const badInput = { status: 400, description: "Invalid input; `field` names it" };
const tooMany = { status: 429, description: "Too many code lookups or misses from this address" };

export const CLINIC_ROLES = ["clinician", "clinic_admin"] as const;

const subject = requiredText().max(256).describe("The identity provider's subject (`sub`); they need not have signed in yet");

export const person = z
  .object({
    name: z.string().nullable(),
    email: z.string().nullable(),
  })
  .describe("A person as their sign-in names them; nulls when the service has never seen them sign in");

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
    name: requiredText().max(200),
    adminSub: subject
      .optional()
      .describe("The clinic's first clinic admin (the service admin only; a care provider creating a clinic is its admin)"),
  })
  .strict();

export const createClinicEndpoint = endpoint({
  method: "POST",
  path: "/clinics",
  operationId: "createClinic",
  requestExample: { name: "Riverside Hand Clinic" },
  summary:
    "Create a clinic: a care provider becomes its clinic admin (CLINICS_PER_ACCOUNT clinics per account); the service admin may name its first admin (`adminSub`)",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  body: createClinicBody,
  limits: ["write"],
  responses: [
    { status: 201, description: "The clinic, with its join code", schema: clinic },
    { status: 400, description: "Invalid input; `field` names it (`adminSub` from anyone but the service admin)" },
    unauthorized,
    { status: 403, description: "Neither care_provider nor admin" },
    {
      status: 429,
      description:
        "Too many writes from this address, or the account created CLINICS_PER_ACCOUNT clinics already (code CLINIC_ALLOWANCE_SPENT)",
    },
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
  name: z.string().nullable().describe("Their name as their sign-in gives it, once they have signed in"),
  email: z.string().nullable().describe("Their e-mail as their sign-in gives it, once they have signed in"),
  addedBy: z.string().describe("The subject of who added them"),
  addedByPerson: person.describe("Who added them, by name and e-mail"),
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

// ---------- invitations ----------

export const invitation = z.object({
  id: z.number().int(),
  email: z.string().describe("Where the invitation went (lower case)"),
  role: z.enum(CLINIC_ROLES),
  invitedBy: person,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

export const invitationParams = z.object({ id: idParam.describe("Clinic id"), invitationId: idParam.describe("Invitation id") });

export const inviteBody = z
  .object({
    email: z.email().max(254).toLowerCase().describe("The colleague's e-mail: the one their sign-in account has verified"),
    role: z.enum(CLINIC_ROLES),
  })
  .strict();

export const invitationSent = invitation.extend({
  sent: z.boolean().describe("Whether the e-mail went out (false when mail is not configured)"),
});

export const inviteEndpoint = endpoint({
  method: "POST",
  path: "/clinics/{id}/invitations",
  operationId: "inviteClinicMember",
  requestExample: { email: "ana.ruiz@example.org", role: "clinician" },
  summary:
    "Invite a colleague by e-mail: the e-mail carries a single-use link, valid CLINIC_INVITATION_DAYS days (the clinic's admins and the service admin)",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  params: clinicParams,
  body: inviteBody,
  limits: ["write", "mail"],
  responses: [
    { status: 201, description: "The invitation (its link is only in the e-mail)", schema: invitationSent },
    badInput,
    unauthorized,
    { status: 403, description: "A member of the clinic who is not its admin" },
    clinicNotFound,
    { status: 429, description: "Too many writes or e-mails" },
  ],
});

export const invitationListResponse = z.object({
  invitations: z.array(invitation).describe("Pending: not accepted, revoked or expired; newest first"),
});

export const listInvitationsEndpoint = endpoint({
  method: "GET",
  path: "/clinics/{id}/invitations",
  operationId: "listClinicInvitations",
  summary: "A clinic's pending invitations (the clinic's admins and the service admin)",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  params: clinicParams,
  responses: [
    { status: 200, description: "Pending invitations", schema: invitationListResponse },
    unauthorized,
    { status: 403, description: "A member of the clinic who is not its admin" },
    clinicNotFound,
  ],
});

export const revokeInvitationEndpoint = endpoint({
  method: "DELETE",
  path: "/clinics/{id}/invitations/{invitationId}",
  operationId: "revokeClinicInvitation",
  summary: "Revoke a pending invitation: its link no longer adds anyone",
  tag: "Clinics",
  auth: { roles: ["care_provider", "admin"] },
  params: invitationParams,
  limits: ["write"],
  responses: [
    { status: 204, description: "Revoked" },
    unauthorized,
    { status: 403, description: "A member of the clinic who is not its admin" },
    { status: 404, description: "No such pending invitation of this clinic, or the caller is not a member" },
    { status: 429, description: "Too many writes from this address" },
  ],
});

export const acceptInvitationBody = z
  .object({
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be the invitation link's token")
      .describe("The token from the invitation link"),
  })
  .strict();

export const acceptedInvitation = z.object({ clinicId: z.number().int(), name: z.string(), role: z.enum(CLINIC_ROLES) });

export const acceptInvitationEndpoint = endpoint({
  method: "POST",
  path: "/clinic-invitations/accept",
  operationId: "acceptClinicInvitation",
  requestExample: { token: "q3Jx0bq1m4tT2v9JcXk1b8hQZ0s6rVwY3nA5pL7eFgU" },
  summary:
    "Accept an invitation: a care provider whose verified e-mail is the invitation's becomes a member (rate-limited like code lookups: unknown tokens are misses)",
  tag: "Clinics",
  auth: { roles: ["care_provider"] },
  body: acceptInvitationBody,
  limits: ["code"],
  responses: [
    { status: 200, description: "The clinic joined and the role", schema: acceptedInvitation },
    badInput,
    unauthorized,
    {
      status: 403,
      description:
        "Not a care provider, or the account's verified e-mail is not the invitation's (code INVITATION_WRONG_ACCOUNT; the link stays valid)",
    },
    { status: 404, description: "No invitation with this token" },
    { status: 410, description: "The invitation was used (INVITATION_USED), revoked (INVITATION_REVOKED) or expired (INVITATION_EXPIRED)" },
    tooMany,
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
  at: z.iso.datetime().describe("The visit's last read or change"),
  from: z.iso.datetime().describe("The visit's first read or change"),
  role: z.string().describe("admin, care_provider, patient or anonymous (patient and anonymous: someone holding a code of yours)"),
  name: z
    .string()
    .nullable()
    .describe("The staff reader's name (else e-mail) from their sign-in; null for someone holding a code, who is never named"),
  email: z.string().nullable().describe("The staff reader's e-mail from their sign-in"),
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
  action: z.string().describe("The visit's last action"),
  what: z.string().describe("The last action in words: profile, journal, FHIR export, report ..."),
  whats: z.array(z.string()).describe("Everything the visit read or changed, in words, first to last, each once"),
  reads: z.number().int().describe("Audit rows in the visit: one reader's, through one clinic, each within 2 minutes of the one before"),
});

export const accessLogResponse = z.object({
  entries: z.array(accessLogEntry).describe("Visits, newest first"),
  total: z.number().int().describe("Visits in all"),
});

export const accessLogEndpoint = endpoint({
  method: "GET",
  path: "/me/access-log",
  operationId: "getMyAccessLog",
  summary: "Who looked at my record, one line per visit, from the audit trail (patients)",
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
