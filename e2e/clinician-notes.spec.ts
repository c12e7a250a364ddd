// Issue 36: on a patient's page a clinician writes a signed note, corrects it with a new one, and
// makes a report for the patient from a date range; the report opens at /r headed with the
// patient's record number and the clinician who made it.
import { expect, test } from "@playwright/test";
import { clinician, expectAccessible, expectNoSideScroll, seeded, signIn } from "./support/fixtures";

test("a clinician writes and corrects a note and makes a named report", async ({ page }, testInfo) => {
  const { attention } = seeded();
  await signIn(page, await clinician("provider-notes"), `/provider/patients/${attention.id}`);
  const notes = page.locator("section").filter({ has: page.getByRole("heading", { name: "Clinical notes", exact: true }) });
  // The seeded patient is shared by both projects: the phone run finds the desktop run's notes.
  const run = testInfo.project.name;
  if (run === "desktop") await expect(notes.getByText("No notes yet.")).toBeVisible();

  await notes.getByRole("button", { name: "Sign and save" }).click();
  await expect(notes.getByText("must not be empty")).toBeVisible();
  await notes.getByRole("textbox", { name: "New note" }).fill(`Grip improving (${run}); continue the home programme.`);
  await notes.getByRole("button", { name: "Sign and save" }).click();
  const first = notes.getByTestId("clinician-note").filter({ hasText: `Grip improving (${run})` });
  await expect(first).toBeVisible();
  await first.getByRole("button", { name: "Write a correction" }).click();
  await notes.getByRole("textbox", { name: /Correction of note \d+/ }).fill(`Correction (${run}): grip unchanged, pain better.`);
  await notes.getByRole("button", { name: "Sign and save" }).click();
  await expect(
    notes
      .getByTestId("clinician-note")
      .filter({ hasText: `Correction (${run}): grip unchanged` })
      .getByText(/Corrects note \d+/),
  ).toBeVisible();
  await expect(first.getByText(/Corrected by note \d+/)).toBeVisible();

  const report = page.locator("section").filter({ has: page.getByRole("heading", { name: "Report for this patient" }) });
  await report.getByRole("textbox", { name: "Title (optional)" }).fill("Eight-week review");
  await report.getByRole("button", { name: "Make report" }).click();
  const made = report.getByTestId("patient-report-made");
  await expect(made).toContainText(/Report [A-Z0-9]{3}-[A-Z0-9]{3} is ready\./);
  await expectAccessible(page, testInfo, "provider-patient-notes");
  await expectNoSideScroll(page);

  await made.getByRole("link", { name: "Open the report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Eight-week review" })).toBeVisible();
  await expect(page.getByTestId("report-clinical")).toContainText(`Record no. ${attention.id}`);
  await expect(page.getByTestId("report-made-by")).toContainText("Made by");
});
