// Every date prefix FHIR defines but this server does not implement is refused by name, so a
// client never gets an equality search where it asked for an approximation or a boundary.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiError } from "@/lib/api/errors";
import { dateCondition } from "@/lib/fhir/search";

test("date: each unimplemented prefix (ne, sa, eb, ap) is 400 naming the prefix and the field", () => {
  for (const prefix of ["ne", "sa", "eb", "ap"]) {
    assert.throws(
      () => dateCondition(`${prefix}2024-03-05`),
      (error: ApiError) => error.status === 400 && error.field === "date" && error.message.includes(`prefix ${prefix} `),
      prefix,
    );
  }
});
