// The contract check fails, never skips: every way an answer can leave the API reference is a
// ContractViolation, and a documented answer passes. Checked against the document the service
// serves (built here from the same endpoint contracts), without a server.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { contractOf, ContractViolation } from "./contract";

const check = contractOf(JSON.parse(JSON.stringify(buildOpenApiDocument())));
const health = { status: "ok", timestamp: "2026-11-23T10:00:00.000Z", version: "0.1.0" };
const violation = (run: () => void, message: RegExp) =>
  assert.throws(run, (error: unknown) => error instanceof ContractViolation && message.test(error.message));

test("a documented answer passes", () => {
  check("GET", "/health", 200, "application/json", health);
  check("GET", "/lookup/ABC-234", 404, "application/json", { error: "Not found" });
});

test("an operation the document lacks is a violation, not a pass", () => {
  violation(() => check("GET", "/no/such/route", 200, "application/json", {}), /no documented operation/);
  violation(() => check("DELETE", "/health", 200, "application/json", health), /no documented operation/);
});

test("an undocumented status is a violation", () => {
  violation(() => check("GET", "/health", 418, "application/json", { error: "teapot" }), /not a documented response/);
});

test("an undocumented content type, or a missing one, is a violation", () => {
  violation(() => check("GET", "/health", 200, "text/html", "<p>ok</p>"), /content type text\/html is not documented/);
  violation(() => check("GET", "/health", 200, "", ""), /content type \(none\) is not documented/);
});

test("a body the served document does not describe is a violation (ajv)", () => {
  violation(() => check("GET", "/health", 200, "application/json", { ...health, status: 1 }), /served document/);
  violation(() => check("GET", "/health", 200, "application/json", { status: "ok" }), /served document/);
  violation(() => check("GET", "/lookup/ABC-234", 404, "application/json", { message: "no error member" }), /served document/);
});
