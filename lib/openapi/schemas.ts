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

export const voiceSocketEndpoint = endpoint({
  method: "GET",
  path: "/ai/ws",
  summary: "Voice session WebSocket (upgrade). JSON frames: see docs/voice-protocol.md",
  tag: "Speech and voice",
  auth: "none",
  upgrade: true,
  responses: [
    { status: 101, description: "Switching protocols: the voice session starts (IDLE → GREETING)" },
    { status: 403, description: "Origin not allowed, or too many sessions from this address" },
  ],
});
