import { handle } from "@/lib/http/route";
import { romEndpoint } from "@/lib/assessments/schemas";
import { submitRom } from "@/lib/assessments/submit";

export const POST = handle(romEndpoint, async ({ body, user }) => submitRom(body, user));
