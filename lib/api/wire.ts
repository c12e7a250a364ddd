// Path and query values arrive as strings; the API reference writes the ones that carry a
// number or a yes/no as what they mean (an integer, a boolean), so a client generated from it
// sends `limit: 20` and passes an id from one answer straight into the next request. The zod
// schema still parses the string; this registry only tells the document generator
// (lib/openapi/document.ts) how the value is typed on the wire.
import { z } from "zod";

export type WireType = { type: "integer"; minimum: number; maximum: number } | { type: "boolean" };

export const wireTypes = z.registry<WireType>();

/** Marks a string-parsing schema as carrying `type` on the wire; returns the schema itself. */
export function onTheWire<T extends z.ZodType>(schema: T, type: WireType): T {
  wireTypes.add(schema, type);
  return schema;
}
