import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";

export const healthResponse = z.object({
  status: z.literal("ok"),
  timestamp: z.iso.datetime(),
  version: z.string(),
});

export const healthEndpoint = endpoint({
  method: "GET",
  path: "/health",
  operationId: "checkHealth",
  summary: "Liveness probe",
  tag: "Health",
  auth: "none",
  responses: [{ status: 200, description: "The service is up", schema: healthResponse }],
});

export const readinessResponse = z.object({
  status: z.literal("ready"),
  database: z.enum(["postgres", "pglite"]),
  timestamp: z.iso.datetime(),
});

export const readinessEndpoint = endpoint({
  method: "GET",
  path: "/health/ready",
  operationId: "checkReadiness",
  summary: "Readiness probe: the database answers SELECT 1 within 2 s",
  tag: "Health",
  auth: "none",
  responses: [
    { status: 200, description: "Ready to serve: the database answered", schema: readinessResponse },
    { status: 503, description: "Not ready: the database did not answer in time (Retry-After says when to ask again)" },
  ],
});
