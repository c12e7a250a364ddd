// Clinics on the pages (issue 24): a patient shares their record by a clinic's join code, seeing
// the clinic's name before anything is shared, sees a clinician's read in "Who looked at my
// record" and stops sharing; a clinic admin adds and removes a member and prints the waiting-room
// poster; a clinician of several clinics narrows the patient list to one, remembered in the
// address; and the clinic page does not exist for anyone who does not manage the clinic.
import { expect, test, type Page } from "@playwright/test";
import type { JWK } from "jose";
import { api, romResult } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll, isPhone, screenshot, signIn, uniqueLogin } from "./support/fixtures";
import { displayName, mintToken } from "./support/identity-provider";

interface Clinic {
  id: number;
  name: string;
  joinCode: string;
  formattedJoinCode: string;
}

async function tokenFor(login: string): Promise<string> {
  return mintToken(JSON.parse(process.env.E2E_IDP_JWK!) as JWK, process.env.E2E_IDP_ISSUER!, login);
}

/** A clinic made by the service admin, with `adminLogin` as its first clinic admin. */
async function clinic(name: string, adminLogin: string): Promise<Clinic> {
  const admin = await tokenFor(uniqueLogin("admin-clara"));
  return api<Clinic>(APP_ORIGIN, "POST", "/clinics", { name: `${name} ${uniqueLogin("x").slice(2)}`, adminSub: adminLogin }, admin);
}

/** A patient with one result; their record id. */
async function patient(login: string, score = 64): Promise<{ id: number; token: string }> {
  const token = await tokenFor(login);
  await api(APP_ORIGIN, "POST", "/assessments/rom", romResult(score), token);
  const me = await api<{ id: number }>(APP_ORIGIN, "GET", "/patients/me", undefined, token);
  return { id: me.id, token };
}

const section = (page: Page, heading: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: heading }) });

test("a patient shares by join code after seeing the clinic's name, sees a clinician's read, and stops sharing", async ({
  page,
}, testInfo) => {
  const providerLogin = uniqueLogin("provider-ines");
  const riverside = await clinic("Riverside Hand Clinic", providerLogin);
  const patientLogin = uniqueLogin("fran-shares");
  const me = await patient(patientLogin);

  await signIn(page, patientLogin, "/dashboard");
  const sharing = section(page, "Who can see my record");
  await expect(sharing.getByText("No clinic can see your record.")).toBeVisible();
  const looked = section(page, "Who looked at my record");
  await expect(looked.getByText("Nobody else has looked at your record yet.")).toBeVisible();

  const code = sharing.getByRole("textbox", { name: "Clinic join code" });
  await code.fill("ABC-234");
  await sharing.getByRole("button", { name: "Find clinic" }).click();
  await expect(sharing.getByText("A join code is 10 letters and digits, for example ABCDE-FGHJK.")).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");

  // Typed as people type it: lower case, a space instead of the dash.
  await code.fill(riverside.formattedJoinCode.toLowerCase().replace("-", " "));
  await sharing.getByRole("button", { name: "Find clinic" }).click();
  await expect(sharing.getByText(`Share your record with ${riverside.name}?`)).toBeVisible();
  // The name is shown; nothing is shared until the patient confirms.
  expect((await api<{ clinics: unknown[] }>(APP_ORIGIN, "GET", "/me/clinics", undefined, me.token)).clinics).toEqual([]);
  await expectAccessible(page, testInfo, "dashboard-share-confirm");
  await sharing.getByRole("button", { name: `Share with ${riverside.name}` }).click();
  await expect(sharing.getByText(`${riverside.name} can now see your record.`)).toBeVisible();
  const shares = sharing.getByRole("list", { name: "Clinics that can see my record" });
  await expect(shares.getByText(riverside.name, { exact: true })).toBeVisible();
  await expect(shares.getByText("Shared since")).toBeVisible();
  expect((await api<{ clinics: Array<{ clinicId: number }> }>(APP_ORIGIN, "GET", "/me/clinics", undefined, me.token)).clinics).toEqual([
    expect.objectContaining({ clinicId: riverside.id }),
  ]);

  // The clinic's clinician opens the record; the patient sees who, from which clinic, and what.
  await api(APP_ORIGIN, "GET", `/patients/${me.id}`, undefined, await tokenFor(providerLogin));
  await page.reload();
  const entries = looked.getByRole("list", { name: "Who looked at my record" }).getByRole("listitem");
  const read = entries.filter({ hasText: displayName(providerLogin) });
  await expect(read).toHaveCount(1);
  await expect(read).toContainText("Clinician");
  await expect(read).toContainText(riverside.name);
  await expect(read).toContainText("Profile");
  await expectAccessible(page, testInfo, "dashboard-clinics");
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, "dashboard-clinics");

  // Stopping asks first; "Keep sharing" changes nothing.
  await shares.getByRole("button", { name: `Stop sharing with ${riverside.name}` }).click();
  await expect(sharing.getByText(`Stop sharing with ${riverside.name}? Its clinicians lose access to your record at once.`)).toBeVisible();
  await expect(sharing.getByRole("button", { name: "Keep sharing" })).toBeFocused();
  await sharing.getByRole("button", { name: "Keep sharing" }).click();
  await expect(shares.getByText(riverside.name, { exact: true })).toBeVisible();
  await shares.getByRole("button", { name: `Stop sharing with ${riverside.name}` }).click();
  await sharing.getByRole("button", { name: "Yes, stop sharing" }).click();
  await expect(sharing.getByText(`${riverside.name} can no longer see your record.`)).toBeVisible();
  await expect(sharing.getByText("No clinic can see your record.")).toBeVisible();
  expect((await api<{ clinics: unknown[] }>(APP_ORIGIN, "GET", "/me/clinics", undefined, me.token)).clinics).toEqual([]);
});

test("a join link fills the code in and names the clinic; sharing waits for the patient", async ({ page }, testInfo) => {
  const hillside = await clinic("Hillside Physio", uniqueLogin("provider-omar"));
  const patientLogin = uniqueLogin("gus-link");
  const me = await patient(patientLogin);
  await signIn(page, patientLogin, "/dashboard");
  await page.goto(`/dashboard?join=${hillside.joinCode}`);
  const sharing = section(page, "Who can see my record");
  await expect(sharing.getByText(`Share your record with ${hillside.name}?`)).toBeVisible();
  expect((await api<{ clinics: unknown[] }>(APP_ORIGIN, "GET", "/me/clinics", undefined, me.token)).clinics).toEqual([]);
  await sharing.getByRole("button", { name: "Cancel" }).click();
  await expect(sharing.getByRole("textbox", { name: "Clinic join code" })).toBeVisible();
  await expectAccessible(page, testInfo, "dashboard-join-link");
});

test("a clinic admin adds and removes a member and prints the poster with the join code", async ({ page }, testInfo) => {
  const adminLogin = uniqueLogin("provider-hana");
  const lakeside = await clinic("Lakeside Hand Therapy", adminLogin);
  await signIn(page, adminLogin, "/provider");
  await expect(page.getByText(`Your clinic: ${lakeside.name}`)).toBeVisible();
  await page.getByRole("link", { name: "Manage clinic" }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/clinics/${lakeside.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: lakeside.name })).toBeVisible();
  const joinCard = section(page, "Join code");
  await expect(joinCard.getByText(lakeside.formattedJoinCode, { exact: true })).toBeVisible();
  const members = section(page, "Members");
  const list = members.getByRole("list", { name: "Members" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("Clinic admin")).toBeVisible();

  // An empty subject is refused before anything is sent, naming the field.
  await members.getByRole("button", { name: "Add member" }).click();
  await expect(members.getByText(/^sub: enter the person's identity-provider subject/)).toBeVisible();

  const newcomer = uniqueLogin("provider-newcomer");
  // The invitation form beside it has a role of its own ("Their role").
  const addForm = members.getByRole("form", { name: "Add a member" });
  await addForm.getByRole("textbox", { name: "Subject" }).fill(newcomer);
  await addForm.getByRole("combobox", { name: "Role" }).selectOption("clinician");
  await members.getByRole("button", { name: "Add member" }).click();
  await expect(members.getByText(`${newcomer} is now a clinician.`)).toBeVisible();
  const added = list.getByRole("listitem").filter({ hasText: newcomer });
  await expect(added).toContainText("Clinician");
  const token = await tokenFor(adminLogin);
  const stored = await api<{ members: Array<{ sub: string; role: string }> }>(
    APP_ORIGIN,
    "GET",
    `/clinics/${lakeside.id}/members`,
    undefined,
    token,
  );
  expect(stored.members).toContainEqual(expect.objectContaining({ sub: newcomer, role: "clinician" }));
  await expectAccessible(page, testInfo, "clinic-admin");
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, "clinic-admin");

  await added.getByRole("button", { name: `Remove ${newcomer}` }).click();
  await expect(members.getByText(`Remove ${newcomer} from the clinic?`, { exact: false })).toBeVisible();
  await members.getByRole("button", { name: "Yes, remove" }).click();
  await expect(members.getByText(`${newcomer} is no longer a member.`)).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: newcomer })).toHaveCount(0);
  const after = await api<{ members: Array<{ sub: string }> }>(APP_ORIGIN, "GET", `/clinics/${lakeside.id}/members`, undefined, token);
  expect(after.members.map((m) => m.sub)).toEqual([adminLogin]);

  await joinCard.getByRole("link", { name: "Printable poster" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Share your hand-assessment record with us" })).toBeVisible();
  await expect(page.getByText(lakeside.formattedJoinCode, { exact: true })).toBeVisible();
  const qr = page.getByRole("img", { name: /^QR code of the join link / });
  await expect(qr).toHaveAttribute("aria-label", new RegExp(`/dashboard\\?join=${lakeside.joinCode}$`));
  await expect(qr.locator("svg")).toBeVisible();
  await expectAccessible(page, testInfo, "clinic-poster");
  await expectNoSideScroll(page);
  // On paper: the poster alone, without the site's header or the print button.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print the poster" })).toBeHidden();
  await expect(page.getByText(lakeside.formattedJoinCode, { exact: true })).toBeVisible();
  await screenshot(page, testInfo, "clinic-poster-print");
});

test("the clinic page does not exist for the clinic's clinicians or for patients", async ({ page, browser }, testInfo) => {
  const clinicianLogin = uniqueLogin("provider-ivo");
  const northside = await clinic("Northside Clinic", uniqueLogin("provider-kai"));
  await api(
    APP_ORIGIN,
    "POST",
    `/clinics/${northside.id}/members`,
    { sub: clinicianLogin, role: "clinician" },
    await tokenFor(uniqueLogin("admin-lee")),
  );
  const paths = [`/provider/clinics/${northside.id}`, `/provider/clinics/${northside.id}/poster`, "/provider/clinics"];
  const expectNotFound = async (visitor: Page, path: string) => {
    await visitor.goto(path);
    await expect(visitor.getByRole("heading", { level: 1, name: "We could not find that" })).toBeVisible();
    await expect(visitor.getByText(northside.formattedJoinCode)).toHaveCount(0);
  };

  await signIn(page, clinicianLogin, "/provider");
  await expect(page.getByText(`Your clinic: ${northside.name}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage clinic" })).toHaveCount(0);
  for (const path of paths.slice(0, 2)) await expectNotFound(page, path);
  await expectAccessible(page, testInfo, "clinic-not-found");

  const patientPage = await browser.newPage({ baseURL: APP_ORIGIN, viewport: page.viewportSize() });
  await signIn(patientPage, uniqueLogin("wren-patient"), "/dashboard");
  for (const path of paths) await expectNotFound(patientPage, path);
  await patientPage.close();
});

test("a clinician of two clinics narrows the list to one, and the address remembers it", async ({ page }, testInfo) => {
  const providerLogin = uniqueLogin("provider-rui");
  const east = await clinic("East Hand Unit", providerLogin);
  const west = await clinic("West Hand Unit", uniqueLogin("provider-sol"));
  await api(
    APP_ORIGIN,
    "POST",
    `/clinics/${west.id}/members`,
    { sub: providerLogin, role: "clinician" },
    await tokenFor(uniqueLogin("admin-lee")),
  );
  const eastPatient = uniqueLogin("una-east");
  const westPatient = uniqueLogin("vic-west");
  for (const [login, joinCode] of [
    [eastPatient, east.joinCode],
    [westPatient, west.joinCode],
  ] as const) {
    const { token } = await patient(login);
    await api(APP_ORIGIN, "POST", "/me/clinics", { joinCode }, token);
  }

  await signIn(page, providerLogin, "/provider");
  await expect(page.getByText(`Your clinics: ${[east.name, west.name].sort().join(", ")}`)).toBeVisible();
  const switcher = page.getByRole("combobox", { name: "Clinic" });
  await expect(switcher).toHaveValue("");
  const table = isPhone(testInfo) ? page.getByRole("list", { name: "Patients" }) : page.getByRole("table");

  await switcher.selectOption(String(west.id));
  await expect(page).toHaveURL(new RegExp(`/provider\\?clinic=${west.id}$`));
  await expect(table.getByRole("link", { name: displayName(westPatient) })).toBeVisible();
  await expect(table.getByRole("link", { name: displayName(eastPatient) })).toHaveCount(0);
  await expectAccessible(page, testInfo, "provider-clinic-switcher");
  await expectNoSideScroll(page);

  await page.reload();
  await expect(switcher).toHaveValue(String(west.id));
  await expect(table.getByRole("link", { name: displayName(westPatient) })).toBeVisible();
  await expect(table.getByRole("link", { name: displayName(eastPatient) })).toHaveCount(0);

  await switcher.selectOption(String(east.id));
  await expect(page).toHaveURL(new RegExp(`/provider\\?clinic=${east.id}$`));
  await expect(table.getByRole("link", { name: displayName(eastPatient) })).toBeVisible();
  await expect(table.getByRole("link", { name: displayName(westPatient) })).toHaveCount(0);
});
