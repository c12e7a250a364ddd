import { handle, Reply } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/clinics/invitations";
import { revokeInvitationEndpoint } from "@/lib/clinics/schemas";

export const DELETE = handle(revokeInvitationEndpoint, async ({ user, params }) => {
  await revokeInvitation(user, params.id, params.invitationId);
  return new Reply(204, undefined);
});
