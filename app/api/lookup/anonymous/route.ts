import { handle } from "@/lib/http/route";
import { createBareRecord } from "@/lib/lookup";
import { anonymousEndpoint } from "@/lib/lookup/schemas";

export const POST = handle(anonymousEndpoint, async ({ body, user }) => createBareRecord(body, user));
