// Issue 42 in a browser: the code box lands on the result's heading and the tab names the test and
// the code; on a phone a report's summary is a card per record, and its joint table opens on the
// latest dates with the joint column fixed.
import { expect, test } from "@playwright/test";
import { api, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectNoSideScroll, PHONE_ONLY } from "./support/fixtures";

const joints = (reach: number) =>
  ["MCP", "PIP", "DIP"].map((jointType, i) => ({
    id: `index_${jointType.toLowerCase()}`,
    finger: "INDEX",
    jointType,
    minAngle: 2,
    maxAngle: Math.round([90, 100, 80][i]! * reach),
    rom: Math.round([90, 100, 80][i]! * reach) - 2,
    normalRange: [0, [90, 100, 80][i]!],
  }));

test("the code box opens a result with focus on its heading and a title naming the test and the code", async ({ page }) => {
  const rom = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(70));
  await page.goto("/");
  await page.getByRole("textbox", { name: "Assessment or report code" }).fill(rom.formattedCode);
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(new RegExp(`/a/${rom.code}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page).toHaveTitle(`Range of motion · ${rom.formattedCode} · Hand Assessment`);
});

test("on a phone, a report's summary is a card per record and its joint table opens on the latest dates", PHONE_ONLY, async ({ page }) => {
  const results = [];
  for (const reach of [0.6, 0.7, 0.8, 0.9])
    results.push(await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", { ...romResult(60), joints: joints(reach) }));
  const report = await api<Created>(APP_ORIGIN, "POST", "/reports", {
    title: "Phone walk",
    assessmentCodes: results.map((r) => r.code),
  });
  await page.goto(`/r/${report.code}`);
  const cards = page.getByTestId("summary-record").filter({ visible: true });
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toContainText(results[0]!.formattedCode);
  await expect(page.locator("table", { has: page.locator("caption", { hasText: "Every record of the report" }) })).toBeHidden();
  const region = page.getByRole("region", { name: "Right hand" }).first();
  await expect(region).toBeVisible();
  await expect.poll(() => region.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true);
  const jointHeader = region.getByRole("rowheader", { name: /MCP/ }).first();
  expect(await jointHeader.evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
  await expectNoSideScroll(page);
});
