// The voice socket's AsyncAPI 3.0 document, generated from the zod schemas the socket parses
// (clientMessage) and sends (serverMessages) in lib/voice/protocol.ts: the same messages
// docs/voice-protocol.md explains with examples.
import { z } from "zod";
import { env } from "@/lib/env";
import { voiceSocketEndpoint, voiceSocketQuery } from "@/lib/openapi/schemas";
import { SERVICE_VERSION } from "@/lib/version";
import { clientMessage, serverMessages } from "@/lib/voice/protocol";

type JsonSchema = Record<string, unknown>;

/** AsyncAPI's default schema format is JSON Schema draft 07 (with its own additions). */
function payload(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: "draft-07", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** The messages the client sends: one per ui_event, by name. */
function clientMessages(): Record<string, JsonSchema> {
  const messages: Record<string, JsonSchema> = {};
  for (const option of clientMessage.options) {
    const event = option.shape.event.value;
    const name = camel(`ui_event_${event}`);
    messages[name] = {
      name,
      title: `ui_event ${event}`,
      summary: option.description ?? `The client's ${event} event`,
      contentType: "application/json",
      payload: payload(option, "input"),
    };
  }
  return messages;
}

/** The messages the server sends: one per type, by name. */
function serverMessagesByName(): Record<string, JsonSchema> {
  const messages: Record<string, JsonSchema> = {};
  for (const [type, schema] of Object.entries(serverMessages)) {
    const name = camel(type);
    messages[name] = {
      name,
      title: type,
      summary: `The server's ${type} message`,
      contentType: "application/json",
      payload: payload(schema, "output"),
    };
  }
  return messages;
}

function info(site: URL) {
  return {
    title: "Hand Assessment voice socket",
    version: SERVICE_VERSION,
    description:
      "One WebSocket is one voice conversation: the server greets at once, then walks the person through a check-in, an assessment and a reflection. Every frame both ways is one JSON object in a text frame. The server closes the socket with code 4001 when the client has sent nothing for VOICE_IDLE_SECONDS (default 120), with 4002 when the session reaches VOICE_MAX_SESSION_SECONDS (default 1800), with 1001 when it shuts down and with 1009 for a frame over 64 KiB. States, transitions, limits and examples: docs/voice-protocol.md. The HTTP handshake (statuses, ticket, token) is the operation GET /ai/ws of /api/openapi.json.",
    contact: { name: "Developer relations (the contact form)", url: `${site.origin}/developers` },
    license: { name: "Proprietary", url: `${site.origin}/developers` },
    externalDocs: { description: "The REST API (OpenAPI 3.1), the socket's handshake included", url: `${site.origin}/api/openapi.json` },
  };
}

/** The one channel: the socket's address, its messages, and its handshake's query and headers. */
function voiceChannel(messages: Record<string, JsonSchema>) {
  return {
    servers: [{ $ref: "#/servers/site" }],
    address: `/api${voiceSocketEndpoint.path}`,
    title: "Voice session",
    description: "The conversation: the client sends ui_event messages, the server answers with the other kinds.",
    messages: Object.fromEntries(Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }])),
    bindings: {
      ws: {
        method: "GET",
        query: payload(voiceSocketQuery, "input"),
        headers: {
          type: "object",
          properties: { Authorization: { type: "string", description: "Bearer <token>: signs the session in (native clients)" } },
        },
        bindingVersion: "0.1.0",
      },
    },
  };
}

/** Sending ui_events and receiving the server's messages, each over the voice channel. */
function operations(sent: string[], received: string[]) {
  return {
    sendUiEvent: {
      action: "send",
      title: "Client to server",
      summary: "What the app tells the session: speech, buttons and how an assessment goes",
      channel: { $ref: "#/channels/voice" },
      messages: sent.map((name) => ({ $ref: `#/channels/voice/messages/${name}` })),
    },
    receiveServerMessage: {
      action: "receive",
      title: "Server to client",
      summary: "State changes, replies (text and audio), actions for the screen, coaching and errors",
      channel: { $ref: "#/channels/voice" },
      messages: received.map((name) => ({ $ref: `#/channels/voice/messages/${name}` })),
    },
  };
}

export function buildAsyncApiDocument() {
  const site = new URL(env().FRONTEND_URL);
  const sent = clientMessages();
  const received = serverMessagesByName();
  const messages = { ...sent, ...received };
  return {
    asyncapi: "3.0.0",
    info: info(site),
    defaultContentType: "application/json",
    servers: {
      site: {
        host: site.host,
        protocol: site.protocol === "https:" ? "wss" : "ws",
        description:
          "This service (FRONTEND_URL); sign in with a ticket (ticket query parameter, from POST /api/ai/ws-ticket) or a token in the Authorization header (the access_token query parameter is deprecated)",
        security: [{ $ref: "#/components/securitySchemes/bearer" }],
      },
    },
    channels: { voice: voiceChannel(messages) },
    operations: operations(Object.keys(sent), Object.keys(received)),
    components: {
      messages,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Optional: without a token the session is anonymous" },
      },
    },
  };
}
