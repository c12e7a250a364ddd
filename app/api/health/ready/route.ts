import { handle } from "@/lib/http/route";
import { checkReadiness } from "@/lib/health/readiness";
import { readinessEndpoint } from "@/lib/health/schemas";

export const GET = handle(readinessEndpoint, () => checkReadiness());
