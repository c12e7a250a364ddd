// The transition table exists twice, in code and in docs/voice-protocol.md: they must agree,
// and the table must walk the states of the specification in their order.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { VOICE_STATES } from "@/lib/voice/protocol";
import { TRANSITIONS } from "@/lib/voice/transitions";

function documentedRows(): string[][] {
  const doc = readFileSync("docs/voice-protocol.md", "utf8");
  const table = /<!-- transitions:start -->\n([\s\S]*?)<!-- transitions:end -->/.exec(doc)?.[1];
  assert.ok(table, "docs/voice-protocol.md has no marked transition table");
  return table
    .trim()
    .split("\n")
    .slice(2)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

test("docs/voice-protocol.md shows exactly the code's transition table", () => {
  assert.deepEqual(
    documentedRows(),
    TRANSITIONS.map((row) => [row.from, row.on, row.to, row.effect]),
  );
});

test("each state has at most one row per trigger", () => {
  const keys = TRANSITIONS.map((row) => `${row.from} ${row.on}`);
  assert.equal(new Set(keys).size, keys.length);
});

test("the forward moves walk IDLE to REFLECTION in the specification's order", () => {
  for (let i = 0; i + 1 < VOICE_STATES.length; i++) {
    const [from, to] = [VOICE_STATES[i], VOICE_STATES[i + 1]];
    assert.ok(
      TRANSITIONS.some((row) => row.from === from && row.to === to),
      `no move ${from} → ${to}`,
    );
  }
});

test("every state but IDLE can be reached, and every state can be left", () => {
  for (const state of VOICE_STATES) {
    if (state !== "IDLE")
      assert.ok(
        TRANSITIONS.some((row) => row.to === state && row.from !== state),
        `${state} unreachable`,
      );
    assert.ok(
      TRANSITIONS.some((row) => row.from === state && row.to !== state),
      `${state} is a dead end`,
    );
  }
});
