import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";

export const openApiEndpoint = endpoint({
  method: "GET",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This API's OpenAPI 3.1 document, generated from the same schemas the routes use",
  tag: "Reference",
  auth: "none",
  responses: [{ status: 200, description: "OpenAPI 3.1 document", schema: z.looseObject({ openapi: z.string() }) }],
});

export const asyncApiEndpoint = endpoint({
  method: "GET",
  path: "/asyncapi.json",
  operationId: "getAsyncApiDocument",
  summary: "The voice socket's AsyncAPI 3.0 document, generated from the message schemas the socket parses and sends",
  tag: "Reference",
  auth: "none",
  responses: [{ status: 200, description: "AsyncAPI 3.0 document", schema: z.looseObject({ asyncapi: z.string() }) }],
});

export const voiceSocketQuery = z.object({
  ticket: z
    .string()
    .optional()
    .describe(
      "A single-use ticket from POST /api/ai/ws-ticket: opens the socket as the caller who asked for it (browsers, which cannot set headers)",
    ),
  access_token: z
    .string()
    .optional()
    .meta({ deprecated: true })
    .describe(
      "Deprecated (tokens in URLs reach proxy logs; use ticket): a bearer token, same rules as the Authorization header; the 101 answer then carries Deprecation: true",
    ),
  audio: z.literal("off").optional().describe("off: replies come without audio_chunk frames"),
});

export const voiceSocketEndpoint = endpoint({
  method: "GET",
  path: "/ai/ws",
  operationId: "openVoiceSession",
  summary: "Voice session WebSocket (HTTP upgrade); its messages are described by the AsyncAPI document at /api/asyncapi.json",
  tag: "Speech and voice",
  description:
    "Connect with an HTTP upgrade to websocket. Anonymous without credentials; with a ticket (ticket query parameter, from POST /api/ai/ws-ticket) or a bearer token (Authorization header) the session is the caller's and its answers become journal entries. A token that does not verify, or a ticket that is unknown, used or expired, is refused with 401. The server closes a socket whose client sent nothing for VOICE_IDLE_SECONDS with code 4001, and every socket at VOICE_MAX_SESSION_SECONDS with 4002. The JSON messages both ways are in the AsyncAPI document (/api/asyncapi.json) and docs/voice-protocol.md.",
  auth: "optional",
  upgrade: true,
  query: voiceSocketQuery,
  responses: [
    { status: 101, description: "Switching protocols: the voice session starts (IDLE → GREETING)" },
    { status: 401, description: "A token was given and does not verify, or the ticket is unknown, used or expired" },
    {
      status: 403,
      description: "The Origin header names a site that is not allowed (clients without Origin, such as native apps, are allowed)",
    },
    { status: 426, description: "A plain request without the upgrade to websocket" },
    {
      status: 429,
      description:
        "Too many open voice sessions from this client (an IPv4 address or IPv6 /64; VOICE_MAX_CONNECTIONS_PER_CLIENT); retry after Retry-After seconds",
    },
    {
      status: 503,
      description:
        "The server is shutting down, at capacity (for anonymous callers: the last VOICE_SIGNED_IN_RESERVED slots are kept for signed-in ones), or cannot reach the database or identity provider; retry after Retry-After seconds",
    },
  ],
});
