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
  summary: "Liveness probe",
  tag: "Health",
  auth: "none",
  responses: [{ status: 200, description: "The service is up", schema: healthResponse }],
});
