import { handle, Reply } from "@/lib/http/route";
import { removeMemberEndpoint } from "@/lib/clinics/schemas";
import { removeMember } from "@/lib/clinics/service";

export const DELETE = handle(removeMemberEndpoint, async ({ user, params }) => {
  await removeMember(user, params.id, params.sub);
  return new Reply(204, undefined);
});
