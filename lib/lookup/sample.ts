// "Try a sample result": a made-up range-of-motion record of a right hand a few weeks after a
// wrist fracture, stored as an anonymous sample (lib/assessments/submit.ts) so a newcomer sees
// every part of a result page on an empty install.
import { rom, ROM_FINGERS, romJointNormal } from "@/lib/assessments/kinds/rom";
import { romContract, type RomInput } from "@/lib/assessments/kinds/rom-contract";
import { submitKind } from "@/lib/assessments/submit";

/** Share of each joint's normal span the sample hand reaches, finger by finger (stiffer towards the little finger). */
const REACH = [0.8, 0.74, 0.7, 0.66, 0.62];

function sampleInput(): RomInput {
  const joints = ROM_FINGERS.flatMap(({ finger, joints }, f) =>
    joints.map((jointType, j) => {
      const [low, high] = romJointNormal(finger, jointType)!;
      const minAngle = 5 + j * 2;
      const rom = Math.round((high - low) * (REACH[f]! - j * 0.04));
      return {
        id: `${finger}_${jointType}`,
        finger,
        jointType,
        minAngle,
        maxAngle: minAngle + rom,
        rom,
        normalRange: [low, high] as [number, number],
      };
    }),
  );
  return {
    hand: "RIGHT",
    overallScore: 68,
    wristScore: 61,
    fingerScore: 74,
    lightingQuality: "GOOD",
    wrist: { max_extension_deg: 42, max_flexion_deg: 51 },
    joints,
  } as RomInput;
}

/** Stores a fresh sample record and names the page that shows it. */
export async function createSample() {
  const created = await submitKind(rom.stored, romContract.submission, sampleInput(), null, { sample: true });
  return { code: created.code, formattedCode: created.formattedCode, path: `/a/${created.code}` };
}
