import { handle, Reply } from "@/lib/http/route";
import { revokeShareEndpoint } from "@/lib/clinics/schemas";
import { revokeShare } from "@/lib/clinics/service";

export const DELETE = handle(revokeShareEndpoint, async ({ caller, user, params }) => {
  await revokeShare({ ...caller, user }, params.clinicId);
  return new Reply(204, undefined);
});
