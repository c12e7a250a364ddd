// The therapist's joint-by-date table (issue 28, item 2; issue 34, item 3) on the three pages that
// draw it: the report, one result's page and the provider's patient page. A patient measures the
// right hand twice and the left hand once, with every finger joint's active flexion and extension
// deficit; the total active motion (TAM) the pages print is checked against the one this spec
// computes by hand from the angles it sent: per finger, the joints' active flexion minus their
// extension deficits (ASSH), the thumb's MCP and IP, the fingers' MCP, PIP and DIP. With both hands
// measured, each TAM is also a percentage of the other hand's (its latest by then, else its first).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { api, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import {
  clinician,
  expectAccessible,
  expectNoSideScroll,
  seeded,
  shareWithClinic,
  signIn,
  tokenFor,
  uniqueLogin,
} from "./support/fixtures";

type Finger = "THUMB" | "INDEX" | "MIDDLE" | "RING" | "LITTLE";
/** Each joint's [active flexion, extension deficit] in degrees. */
type Hand = Record<Finger, Record<string, readonly [number, number]>>;

const FINGERS: Finger[] = ["THUMB", "INDEX", "MIDDLE", "RING", "LITTLE"];

/** The right hand six weeks after a fracture, stiff, every joint short of straight. */
const RIGHT_FIRST: Hand = {
  THUMB: { MCP: [38, 6], IP: [52, 10] },
  INDEX: { MCP: [62, 8], PIP: [71, 12], DIP: [40, 6] },
  MIDDLE: { MCP: [60, 10], PIP: [68, 14], DIP: [38, 7] },
  RING: { MCP: [55, 9], PIP: [64, 15], DIP: [35, 8] },
  LITTLE: { MCP: [50, 12], PIP: [58, 16], DIP: [30, 9] },
};
/** The same hand at the next visit. */
const RIGHT_LATER: Hand = {
  THUMB: { MCP: [46, 3], IP: [61, 5] },
  INDEX: { MCP: [78, 4], PIP: [88, 6], DIP: [55, 3] },
  MIDDLE: { MCP: [75, 5], PIP: [84, 8], DIP: [50, 4] },
  RING: { MCP: [70, 6], PIP: [80, 9], DIP: [47, 5] },
  LITTLE: { MCP: [64, 8], PIP: [70, 10], DIP: [40, 6] },
};
/** The other hand, for comparison. */
const LEFT: Hand = {
  THUMB: { MCP: [57, 0], IP: [76, 1] },
  INDEX: { MCP: [86, 0], PIP: [97, 2], DIP: [70, 1] },
  MIDDLE: { MCP: [86, 0], PIP: [97, 2], DIP: [70, 1] },
  RING: { MCP: [86, 0], PIP: [97, 2], DIP: [70, 1] },
  LITTLE: { MCP: [86, 0], PIP: [97, 2], DIP: [70, 1] },
};

/**
 * Total active motion of one finger: the sum of its joints' active flexion minus the sum of their
 * extension deficits. The right index, for one: (62 + 71 + 40) − (8 + 12 + 6) = 147° at first,
 * (78 + 88 + 55) − (4 + 6 + 3) = 208° later, a change of +61°.
 */
function tam(joints: Record<string, readonly [number, number]>): number {
  const angles = Object.values(joints);
  return angles.reduce((sum, [flexion]) => sum + flexion, 0) - angles.reduce((sum, [, deficit]) => sum + deficit, 0);
}

const signed = (change: number) => (change === 0 ? "±0°" : change > 0 ? `+${change}°` : `−${-change}°`);

/** What a client app sends: each joint's smallest and largest angle, and its range between them. */
function romWith(hand: "LEFT" | "RIGHT", angles: Hand, overallScore: number) {
  return {
    ...romResult(overallScore),
    hand,
    joints: FINGERS.flatMap((finger) =>
      Object.entries(angles[finger]).map(([jointType, [flexion, deficit]]) => ({
        id: `${finger.toLowerCase()}_${jointType.toLowerCase()}`,
        finger,
        jointType,
        minAngle: deficit,
        maxAngle: flexion,
        rom: flexion - deficit,
      })),
    ),
  };
}

/** Each finger's TAM row of a hand's table, one cell per date: the total, then the change since the first. */
async function expectTams(table: Locator, expected: Record<Finger, string[]>): Promise<void> {
  await expect(table).toBeVisible();
  for (const finger of FINGERS) await expect(table.getByTestId(`tam-${finger.toLowerCase()}`), finger).toHaveText(expected[finger]);
}

/** "73 % of the other hand": a TAM against the other hand's, rounded. */
const ofOther = (own: number, other: number) => `${Math.round((100 * own) / other)} % of the other hand`;

// The left hand was measured between the right hand's two visits: each right TAM is against it,
// and the left's against the right's first visit.
const twoVisits = Object.fromEntries(
  FINGERS.map((f) => [
    f,
    [
      `${tam(RIGHT_FIRST[f])}°${ofOther(tam(RIGHT_FIRST[f]), tam(LEFT[f]))}`,
      `${tam(RIGHT_LATER[f])}°${signed(tam(RIGHT_LATER[f]) - tam(RIGHT_FIRST[f]))}${ofOther(tam(RIGHT_LATER[f]), tam(LEFT[f]))}`,
    ],
  ]),
) as Record<Finger, string[]>;
const laterOnly = Object.fromEntries(FINGERS.map((f) => [f, [`${tam(RIGHT_LATER[f])}°`]])) as Record<Finger, string[]>;
const leftOnly = Object.fromEntries(FINGERS.map((f) => [f, [`${tam(LEFT[f])}°${ofOther(tam(LEFT[f]), tam(RIGHT_FIRST[f]))}`]])) as Record<
  Finger,
  string[]
>;

const card = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("the joint-by-date table prints each finger's total active motion as computed by hand, on every page that has it", async ({
  page,
}, testInfo) => {
  const login = uniqueLogin("noor-joints");
  const token = await tokenFor(login);
  const first = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romWith("RIGHT", RIGHT_FIRST, 48), token);
  const left = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romWith("LEFT", LEFT, 90), token);
  const later = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romWith("RIGHT", RIGHT_LATER, 66), token);
  const report = await api<Created>(
    APP_ORIGIN,
    "POST",
    "/reports",
    { title: "Joints", assessmentCodes: [first.code, left.code, later.code] },
    token,
  );

  // The report: one table per hand, the right with two dates and the change, the left beside it.
  await page.goto(`/r/${report.code}`);
  const joints = card(page, "Wrist and finger joints by date");
  const right = joints.getByTestId("goniometry-right");
  await expect(right.locator("thead").getByRole("columnheader")).toHaveCount(4);
  await expectTams(right, twoVisits);
  await expectTams(joints.getByTestId("goniometry-left"), leftOnly);
  // A joint's cell: extension/flexion as ASSH writes it (a 6° deficit is −6), the arc, and the
  // arc's change since its first measurement.
  const indexDip = right.getByRole("row", { name: /Index DIP/ });
  await expect(indexDip.getByRole("cell").nth(1)).toHaveText(`−6/40 · ${40 - 6}° arc ▼ (below normal)`);
  await expect(indexDip.getByRole("cell").nth(2)).toHaveText(`−3/55 · ${55 - 3}° arc ▼ (below normal)+18°`);
  // The wrist's rows come first.
  await expect(
    right
      .getByRole("row", { name: /Wrist Extension/ })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("58° ▼ (below normal)");
  await expectAccessible(page, testInfo, "report-goniometry");
  await expectNoSideScroll(page);

  // One result's page: that record's column only.
  await page.goto(`/a/${later.code}`);
  await expectTams(card(page, "Wrist and finger joints").getByTestId("goniometry-right"), laterOnly);
  await expectAccessible(page, testInfo, "assessment-goniometry");
  await expectNoSideScroll(page);

  // The provider's patient page, once the patient shares with the clinic: the whole history.
  await shareWithClinic(token);
  const me = await api<{ id: number }>(APP_ORIGIN, "GET", "/patients/me", undefined, token);
  await signIn(page, await clinician("provider-tess"), "/provider");
  await expect(page.getByText(`Your clinic: ${seeded().clinic.name}`)).toBeVisible();
  await page.goto(`/provider/patients/${me.id}`);
  const history = card(page, "Wrist and finger joints by date");
  await expectTams(history.getByTestId("goniometry-right"), twoVisits);
  await expectTams(history.getByTestId("goniometry-left"), leftOnly);
  await expectAccessible(page, testInfo, "provider-patient-goniometry");
  await expectNoSideScroll(page);
});
