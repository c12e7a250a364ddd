// Every endpoint contract of the API, collected from the domains' schemas modules. The
// OpenAPI test fails when a route file exists whose endpoint is missing here.
import * as assessments from "@/lib/assessments/schemas";
import * as audit from "@/lib/audit/schemas";
import * as health from "@/lib/health/schemas";
import * as openapi from "@/lib/openapi/schemas";
import type { Endpoint } from "@/lib/api/endpoint";

function endpointsOf(module: Record<string, unknown>): Endpoint[] {
  return Object.values(module).filter(
    (value): value is Endpoint =>
      typeof value === "object" && value !== null && "method" in value && "path" in value && "responses" in value && "auth" in value,
  );
}

export const allEndpoints: Endpoint[] = [health, openapi, assessments, audit].flatMap((module) => endpointsOf(module));
