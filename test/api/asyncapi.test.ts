// The voice socket's AsyncAPI document: served at /api/asyncapi.json, valid AsyncAPI 3.0 by the
// AsyncAPI initiative's own parser (no error or warning), describing every message the socket
// parses and sends, and agreeing with docs/voice-protocol.md: every example frame there
// validates against its message's payload.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Parser } from "@asyncapi/parser";
import { Ajv } from "ajv";
import { apiClient } from "@/test/support/http";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let server: SharedServer;
let document: any;

before(async () => {
  server = await sharedServer();
  const response = await apiClient(server.origin).get("/asyncapi.json");
  assert.equal(response.status, 200);
  document = response.body;
});
after(() => server.stop());

const CLIENT_EVENTS = [
  "transcript",
  "button",
  "assessment_selected",
  "assessment_started",
  "assessment_progress",
  "assessment_completed",
  "assessment_cancelled",
  "settings",
];
const SERVER_TYPES = ["state_change", "ai_response", "audio_chunk", "transcript", "action", "coaching", "error"];
const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

test("@asyncapi/parser reads it as AsyncAPI 3.0 with no error and no warning", async () => {
  assert.equal(document.asyncapi, "3.0.0");
  const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(document));
  // Severity 0 is an error, 1 a warning; 2 (information) is only the advice to move to 3.1.
  const problems = diagnostics.filter((d) => d.severity <= 1).map((d) => `${d.code}: ${d.message} at ${d.path.join(".")}`);
  assert.deepEqual(problems, []);
  assert.ok(parsed, "parsed");
  const channel = parsed.channels().get("voice")!;
  assert.equal(channel.address(), "/api/ai/ws");
  const send = parsed
    .operations()
    .filterBySend()
    .flatMap((o) =>
      o
        .messages()
        .all()
        .map((m) => m.id()),
    );
  const receive = parsed
    .operations()
    .filterByReceive()
    .flatMap((o) =>
      o
        .messages()
        .all()
        .map((m) => m.id()),
    );
  assert.deepEqual(
    send,
    CLIENT_EVENTS.map((event) => camel(`ui_event_${event}`)),
  );
  assert.deepEqual(receive, SERVER_TYPES.map(camel));
});

test("the OpenAPI operation of the socket links to this document", async () => {
  const openapi = (await apiClient(server.origin).get("/openapi.json")).body;
  const link = new URL(openapi.paths["/ai/ws"].get.externalDocs.url);
  assert.equal(link.pathname, "/api/asyncapi.json");
  assert.equal(link.host, document.servers.site.host, "the link and the document's server are this service (FRONTEND_URL)");
});

test("every example frame of docs/voice-protocol.md validates against its message's payload, and a wrong one does not", () => {
  const doc = readFileSync("docs/voice-protocol.md", "utf8");
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validatorOf = (frame: { type: string; event?: string }) => {
    const name = frame.type === "ui_event" ? camel(`ui_event_${frame.event}`) : camel(frame.type);
    const message = document.components.messages[name];
    assert.ok(message, `a message ${name} for ${JSON.stringify(frame).slice(0, 60)}`);
    return ajv.compile(message.payload);
  };
  const section = doc.slice(doc.indexOf("## Client → server"), doc.indexOf("## A whole session"));
  const frames = [...section.matchAll(/```json\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1]!
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line)),
  );
  assert.ok(frames.length >= CLIENT_EVENTS.length + SERVER_TYPES.length, `${frames.length} example frames`);
  for (const frame of frames) {
    const validate = validatorOf(frame);
    assert.ok(validate(frame), `${JSON.stringify(frame).slice(0, 80)}: ${ajv.errorsText(validate.errors)}`);
  }
  for (const name of [...CLIENT_EVENTS, ...SERVER_TYPES])
    assert.match(section, new RegExp(`### \`${name}\``), `docs/voice-protocol.md explains ${name}`);
  const wrong = { type: "ui_event", event: "button", button: "jump" };
  assert.equal(validatorOf(wrong)(wrong), false);
});
