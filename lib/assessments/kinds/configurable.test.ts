// The composite scores' MCIDs are this service's own choice, and a deployment may set its own
// (docs/clinical.md, "ATTENTION_MCID_<KIND>"): read once, when the kinds load.
import assert from "node:assert/strict";
import { test } from "node:test";

const SET = { ATTENTION_MCID_ROM: "12", ATTENTION_MCID_THUMB: "13", ATTENTION_MCID_DEXTERITY: "14", ATTENTION_MCID_ARTHRITIS: "15" };
Object.assign(process.env, SET);
const { KINDS } = await import("@/lib/assessments/kinds");
const { primaryMeasure } = await import("@/lib/assessments/kinds/kind");

test("each composite score's MCID comes from its own ATTENTION_MCID_<KIND> variable", () => {
  const points = Object.fromEntries(
    (["ROM", "THUMB", "DEXTERITY", "ARTHRITIS"] as const).map((type) => [type, primaryMeasure(KINDS[type]).mcid?.points]),
  );
  assert.deepEqual(points, { ROM: 12, THUMB: 13, DEXTERITY: 14, ARTHRITIS: 15 });
});

test("the published MCIDs and reference ranges cite their sources in full", async () => {
  const { ROM_JOINT_NORMAL_SOURCE } = await import("@/lib/assessments/kinds/rom");
  assert.equal(
    primaryMeasure(KINDS.QUICKDASH).mcid?.source,
    "15.91 points (Franchignoni et al., J Orthop Sports Phys Ther 2014;44(1):30-39); hand and wrist conditions: " +
      "14 points (Sorensen et al., J Hand Surg Am 2013;38(4):641-649).",
  );
  assert.equal(
    primaryMeasure(KINDS.ROM).mcid?.source,
    "No published MCID for this composite score: this service's own choice of 10 points (about 15° of the wrist's 0-70° + 0-80° " +
      "reference arc), above the 5-12° minimal detectable difference of camera (3D) measurement and within the 12-30° of manual " +
      "goniometry (Reissner et al., J Orthop Surg Res 2019;14:173). Set ATTENTION_MCID_ROM to change it.",
  );
  assert.equal(
    ROM_JOINT_NORMAL_SOURCE,
    "American Academy of Orthopaedic Surgeons, Joint Motion: Method of Measuring and Recording (1965), as tabulated in " +
      "Greene & Heckman, The Clinical Measurement of Joint Motion (AAOS, 1994): flexion of the thumb MCP 0-50°, thumb IP 0-80°, " +
      "finger MCP 0-90°, PIP 0-100°, DIP 0-90°.",
  );
});
