import { handle } from "@/lib/http/route";
import { acceptInvitation } from "@/lib/clinics/invitations";
import { acceptInvitationEndpoint } from "@/lib/clinics/schemas";

export const POST = handle(acceptInvitationEndpoint, async ({ user, body }) => acceptInvitation(user, body.token));
