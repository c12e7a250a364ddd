import { handle, Reply } from "@/lib/http/route";
import { listSharesEndpoint, shareEndpoint } from "@/lib/clinics/schemas";
import { listShares, shareWithClinic } from "@/lib/clinics/service";

export const POST = handle(
  shareEndpoint,
  async ({ caller, user, body }) => new Reply(201, await shareWithClinic({ ...caller, user }, body.joinCode)),
);
export const GET = handle(listSharesEndpoint, async ({ caller, user }) => listShares({ ...caller, user }));
