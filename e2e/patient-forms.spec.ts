// The patient's own forms on the dashboard (profile and journal): a value the API refuses is
// shown under its field and nothing is saved; a good one is saved and said so.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, signIn, uniqueLogin } from "./support/fixtures";

const card = (page: Page, heading: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: heading }) });

test("the journal shows a refused rating under its field, then adds the entry; the profile saves", async ({ page }, testInfo) => {
  await signIn(page, uniqueLogin("forms"), "/dashboard");
  const journal = card(page, "Write in my journal");
  await journal.getByRole("textbox", { name: "How is your hand?" }).fill("Opened a jar today.");
  await journal.getByRole("spinbutton", { name: /^Pain/ }).fill("11");
  await journal.getByRole("button", { name: "Add entry" }).click();
  const pain = journal.getByRole("spinbutton", { name: /^Pain/ });
  await expect(pain).toHaveAttribute("aria-invalid", "true");
  await expect(journal.getByText("Added to your journal.")).toHaveCount(0);
  await pain.fill("3");
  await journal.getByRole("button", { name: "Add entry" }).click();
  await expect(journal.getByRole("status")).toHaveText("Added to your journal.");
  await expect(journal.getByRole("textbox", { name: "How is your hand?" })).toHaveValue("");

  const profile = card(page, "My injury and surgery");
  await profile.getByRole("textbox", { name: "Injury", exact: true }).fill("Distal radius fracture");
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(profile.getByRole("status")).toHaveText("Saved.");
  await expectAccessible(page, testInfo, "dashboard-forms");
});
