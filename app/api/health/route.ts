import { handle } from "@/lib/http/route";
import { healthEndpoint } from "@/lib/health/schemas";
import { SERVICE_VERSION } from "@/lib/version";

export const GET = handle(healthEndpoint, async () => ({
  status: "ok" as const,
  timestamp: new Date().toISOString(),
  version: SERVICE_VERSION,
}));
