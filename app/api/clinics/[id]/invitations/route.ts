import { handle, Reply } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { invite, listInvitations } from "@/lib/clinics/invitations";
import { inviteEndpoint, listInvitationsEndpoint } from "@/lib/clinics/schemas";

export const POST = handle(
  inviteEndpoint,
  async ({ request, params, body, caller, user }) =>
    new Reply(201, await invite({ ...caller, user }, params.id, body, requestLocale(request.headers))),
);
export const GET = handle(listInvitationsEndpoint, async ({ user, params }) => listInvitations(user, params.id));
