import { handle } from "@/lib/http/route";
import { arthritisEndpoint } from "@/lib/assessments/schemas";
import { submitArthritis } from "@/lib/assessments/submit";

export const POST = handle(arthritisEndpoint, async ({ body, user }) => submitArthritis(body, user));
