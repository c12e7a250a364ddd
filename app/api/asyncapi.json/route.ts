import { handle } from "@/lib/http/route";
import { buildAsyncApiDocument } from "@/lib/openapi/asyncapi";
import { asyncApiEndpoint } from "@/lib/openapi/schemas";

let cached: ReturnType<typeof buildAsyncApiDocument> | undefined;

export const GET = handle(asyncApiEndpoint, async () => (cached ??= buildAsyncApiDocument()));
