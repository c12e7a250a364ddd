// Invitations to join a clinic by e-mail (issue 37). The e-mail's link holds a random token; only
// its SHA-256 is stored, and it is never logged. A care provider whose verified e-mail is the
// invitation's accepts it once, before it expires, unless a clinic admin revoked it.
import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import { ApiError, notFound } from "@/lib/api/errors";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { nobody, peopleBySub } from "@/lib/clinics/people";
import type { CLINIC_ROLES, inviteBody } from "@/lib/clinics/schemas";
import { assertManages } from "@/lib/clinics/service";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { ClinicInvitation } from "@/lib/generated/prisma/client.ts";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { MailError, sendMail } from "@/lib/mail";
import { countMail } from "@/lib/rate-limit";

type ClinicRole = (typeof CLINIC_ROLES)[number];

const DAY_MS = 86_400_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Where the e-mail's link lands: the token rides in the fragment, which no server or log sees. */
export const INVITATION_PAGE = "/provider/clinics/invitation";

async function views(rows: ClinicInvitation[]) {
  const people = await peopleBySub(rows.map((row) => row.invitedBy));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role as ClinicRole,
    invitedBy: people.get(row.invitedBy) ?? nobody,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

export async function invite(
  caller: AccessContext & { user: AuthUser },
  clinicId: number,
  input: z.output<typeof inviteBody>,
  locale: Locale = DEFAULT_LOCALE,
) {
  const user = caller.user;
  const clinic = await assertManages(user, clinicId);
  await countMail(caller.limits.key, input.email);
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const row = await db().clinicInvitation.create({
    data: {
      clinicId,
      email: input.email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: user.sub,
      createdAt: new Date(now),
      expiresAt: new Date(now + env().CLINIC_INVITATION_DAYS * DAY_MS),
    },
  });
  const link = new URL(`${INVITATION_PAGE}#${token}`, env().FRONTEND_URL);
  const t = translator(locale);
  const service = t("email.serviceName");
  const inviter = (await peopleBySub([user.sub])).get(user.sub);
  const who = inviter?.name ?? inviter?.email ?? t("email.invitation.someone");
  const text = [
    t("email.hello"),
    "",
    t("email.invitation.invited", { who, clinic: clinic.name, role: input.role, service }),
    "",
    t("email.invitation.accept", { link: link.href }),
    "",
    t("email.invitation.expires", { days: env().CLINIC_INVITATION_DAYS }),
    t("email.invitation.why", { host: link.host }),
  ].join("\n");
  try {
    const sent = await sendMail(
      { to: input.email, subject: t("email.invitation.subject", { clinic: clinic.name, service }), text },
      "clinic-invitation",
    );
    const [view] = await views([row]);
    return { ...view!, sent: sent.sent };
  } catch (error) {
    if (error instanceof MailError) {
      await db().clinicInvitation.delete({ where: { id: row.id } });
      throw new ApiError(500, "The invitation could not be e-mailed; nothing was kept, try again later");
    }
    throw error;
  }
}

export async function listInvitations(user: AuthUser, clinicId: number) {
  await assertManages(user, clinicId);
  const rows = await db().clinicInvitation.findMany({
    where: { clinicId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { invitations: await views(rows) };
}

export async function revokeInvitation(user: AuthUser, clinicId: number, invitationId: number): Promise<void> {
  await assertManages(user, clinicId);
  const { count } = await db().clinicInvitation.updateMany({
    where: { id: invitationId, clinicId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound("No such pending invitation of this clinic");
}

const gone = (code: string, message: string) => new ApiError(410, message, { code });

/**
 * Adds the caller to the invitation's clinic. The link must be live (not used, revoked or
 * expired: 410) and the caller's verified e-mail the invitation's (403, the link stays valid).
 * Using it is one conditional update, so two requests with one link add one member.
 */
export async function acceptInvitation(user: AuthUser, token: string) {
  const row = await db().clinicInvitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { clinic: { select: { name: true } } },
  });
  if (!row) throw notFound("No invitation with this link");
  const now = new Date();
  if (row.revokedAt) throw gone("INVITATION_REVOKED", "This invitation was withdrawn by the clinic");
  if (row.acceptedAt) throw gone("INVITATION_USED", "This invitation has been used already");
  if (row.expiresAt <= now) throw gone("INVITATION_EXPIRED", "This invitation has expired: ask the clinic for a new one");
  if (!user.emailVerified || user.email?.trim().toLowerCase() !== row.email) {
    throw new ApiError(403, "This invitation was sent to another e-mail address: sign in with the account that has it, verified", {
      code: "INVITATION_WRONG_ACCOUNT",
    });
  }
  const role = row.role as ClinicRole;
  await db().$transaction(async (tx) => {
    const { count } = await tx.clinicInvitation.updateMany({
      where: { id: row.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now, acceptedBy: user.sub },
    });
    if (count === 0) throw gone("INVITATION_USED", "This invitation has been used already");
    // A member already keeps their role, unless the invitation makes them the clinic's admin.
    await tx.clinicMember.upsert({
      where: { clinicId_sub: { clinicId: row.clinicId, sub: user.sub } },
      create: { clinicId: row.clinicId, sub: user.sub, role, addedBy: row.invitedBy },
      update: role === "clinic_admin" ? { role } : {},
    });
  });
  return { clinicId: row.clinicId, name: row.clinic.name, role };
}
