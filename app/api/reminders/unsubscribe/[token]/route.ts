import { handle, Reply } from "@/lib/http/route";
import { unsubscribeEndpoint, unsubscribePageEndpoint } from "@/lib/reminders/schemas";
import { unsubscribe } from "@/lib/reminders/service";

export const POST = handle(unsubscribeEndpoint, async ({ params }) => unsubscribe(params.token));
export const GET = handle(unsubscribePageEndpoint, async ({ params }) => {
  const page = `/reminders/unsubscribe/${encodeURIComponent(params.token)}`;
  return new Reply(303, { page }, { location: page });
});
