import { handle } from "@/lib/http/route";
import { createSample } from "@/lib/lookup/sample";
import { sampleEndpoint } from "@/lib/lookup/schemas";

export const POST = handle(sampleEndpoint, async () => createSample());
