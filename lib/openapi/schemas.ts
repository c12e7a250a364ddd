import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";

export const openApiEndpoint = endpoint({
  method: "GET",
  path: "/openapi.json",
  summary: "This API's OpenAPI 3.1 document, generated from the same schemas the routes use",
  tag: "Reference",
  auth: "none",
  responses: [{ status: 200, description: "OpenAPI 3.1 document", schema: z.looseObject({ openapi: z.string() }) }],
});
