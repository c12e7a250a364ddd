import { handle } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { openApiEndpoint } from "@/lib/openapi/schemas";

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

export const GET = handle(openApiEndpoint, async () => (cached ??= buildOpenApiDocument()));
