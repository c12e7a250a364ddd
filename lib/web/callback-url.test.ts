// The sign-in callback: only paths on this site, whatever spelling an attacker tries.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_CALLBACK, safeCallbackPath } from "@/lib/web/callback-url";

const hostile: [string, string][] = [
  ["scheme-relative", "//evil.example/phish"],
  ["dot segment before a double slash", "/.//evil.example/phish"],
  ["dot-dot segment before a double slash", "/a/..//evil.example/phish"],
  ["backslash after the slash", "/\\evil.example/phish"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash later in the path", "/a/\\evil.example"],
  ["tab between the slashes", "/\t/evil.example"],
  ["newline between the slashes", "/\n/evil.example"],
  ["carriage return between the slashes", "/\r/evil.example"],
  ["leading space", " //evil.example"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded second slash", "/%2Fevil.example"],
  ["lower-case encoded slash", "/%2fevil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["encoded dot segment", "/%2E%2F%2Fevil.example"],
  ["encoded tab", "/%09/evil.example"],
  ["doubly encoded slashes", "/%252F%252Fevil.example"],
  ["deeply encoded slashes", "/%25252525252F%25252525252Fevil.example"],
  ["malformed encoding", "/%E0%A4%A"],
  ["absolute URL to another origin", "https://evil.example/phish"],
  ["absolute URL without slashes", "https:evil.example"],
  ["javascript URL", "javascript:alert(1)"],
  ["relative path", "evil.example"],
  ["empty", ""],
  ["too long", `/${"a".repeat(3000)}`],
];

for (const [name, value] of hostile) {
  test(`refused: ${name}`, () => {
    assert.equal(safeCallbackPath(value), DEFAULT_CALLBACK);
  });
}

const kept: [string, string, string][] = [
  ["a page", "/provider/patients/12", "/provider/patients/12"],
  ["a query", "/dashboard?tab=journal", "/dashboard?tab=journal"],
  ["a fragment", "/a/ABC-DEF#results", "/a/ABC-DEF#results"],
  ["an encoded value in the query", "/reports/new?title=a%20b", "/reports/new?title=a%20b"],
  ["a harmless dot segment", "/a/./b", "/a/b"],
];

for (const [name, value, expected] of kept) {
  test(`kept: ${name}`, () => {
    assert.equal(safeCallbackPath(value), expected);
  });
}

test("the first of repeated parameters, and the default when there is none", () => {
  assert.equal(safeCallbackPath(["/provider", "//evil.example"]), "/provider");
  assert.equal(safeCallbackPath(undefined), DEFAULT_CALLBACK);
});
