// Clinics on the pages (issue 24): a patient shares their record by a clinic's join code, seeing
// the clinic's name before anything is shared, sees a clinician's read in "Who looked at my
// record" and stops sharing; a clinic admin adds and removes a member and prints the waiting-room
// poster; a clinician of several clinics narrows the patient list to one, remembered in the
// address; and the clinic page does not exist for anyone who does not manage the clinic.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import type { JWK } from "jose";
import type { ResendStandIn } from "../test/support/resend";
import { api, romResult } from "./support/api";
import { startMailApp } from "./support/app";
import { APP_ORIGIN, MAIL_APP_ORIGIN, REMINDERS_APP_PORT } from "./support/env";
import { expectAccessible, expectNoSideScroll, isPhone, screenshot, signIn, uniqueLogin, PHONE } from "./support/fixtures";
import { displayName, mintToken, signInEnv } from "./support/identity-provider";

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
  await members.getByRole("textbox", { name: "Subject" }).fill(newcomer);
  await members.getByRole("combobox", { name: "Role", exact: true }).selectOption("clinician");
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

test("a clinician of two clinics narrows the list to one, and the address remembers it", PHONE, async ({ page }, testInfo) => {
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

// Issue 37's walk, on a server of its own whose e-mail goes to a Resend stand-in: a care provider
// creates a clinic and invites a colleague by e-mail; the colleague opens the e-mailed link,
// signs in with the invited (verified) address and accepts; a patient joins by code and both see
// them. Review is a clinic's act: the colleague's own second clinic, which the patient also shares
// with, keeps its flag when the first clinic marks the patient reviewed.
test.describe("clinics that run themselves", () => {
  test.use({ baseURL: MAIL_APP_ORIGIN });

  let resend: ResendStandIn;
  let stop: (() => Promise<void>) | undefined;

  test.beforeAll(async () => {
    test.setTimeout(6 * 60_000);
    ({ resend, stop } = await startMailApp(REMINDERS_APP_PORT, signInEnv(process.env.E2E_IDP_ISSUER!)));
  });
  test.afterAll(async () => {
    await stop?.();
  });

  /** From the patient list: creates a clinic on the clinics page and lands on its page; its id. */
  async function createClinic(page: Page, testInfo: TestInfo, name: string, link: string, label: string): Promise<number> {
    await page.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(/\/provider\/clinics$/);
    await expectAccessible(page, testInfo, `${label}-list`);
    await expectNoSideScroll(page);
    const form = page.getByRole("main").getByRole("form");
    await form.getByRole("button").click();
    await expect(form.getByRole("textbox")).toHaveAttribute("aria-invalid", "true");
    await form.getByRole("textbox").fill(name);
    await form.getByRole("button").click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expectAccessible(page, testInfo, `${label}-page`);
    await expectNoSideScroll(page);
    return Number(/\/provider\/clinics\/(\d+)$/.exec(page.url())![1]);
  }

  /** The patient list's row naming `name` (these walks run at 1280 px: playwright.config.ts). */
  function patientRow(page: Page, name: string) {
    return page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name }) });
  }

  test("a provider creates a clinic and invites a colleague by e-mail; review stays with each clinic", async ({
    page,
    browser,
  }, testInfo) => {
    const anaLogin = uniqueLogin("provider-ana");
    const benLogin = uniqueLogin("provider-ben");
    const benAddress = `${benLogin}@example.test`;
    const north = `Clinica Norte ${uniqueLogin("x").slice(2)}`;
    const south = `Clinica Sur ${uniqueLogin("x").slice(2)}`;

    await signIn(page, anaLogin, "/provider");
    await expect(page.getByText("You are not a member of a clinic yet")).toBeVisible();
    const northId = await createClinic(page, testInfo, north, "Create a clinic", "clinics-create");
    const members = section(page, "Members");
    await expect(members.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(1);
    await expect(members.getByRole("listitem").filter({ hasText: displayName(anaLogin) })).toContainText("Clinic admin");

    // The invitation: refused empty, naming the field; sent, it waits in the list and in the mail.
    const invite = page.getByRole("form", { name: "Invite a colleague by e-mail" });
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByText("email: enter your colleague's e-mail address.")).toBeVisible();
    await invite.getByRole("textbox", { name: "E-mail" }).fill(benAddress);
    await invite.getByRole("combobox", { name: "Their role" }).selectOption("clinician");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`An invitation is on its way to ${benAddress}.`)).toBeVisible();
    const pending = page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem");
    await expect(pending.filter({ hasText: benAddress })).toContainText("Clinician");
    await expectAccessible(page, testInfo, "clinic-invited");
    await expectNoSideScroll(page);
    await screenshot(page, testInfo, "clinic-invited");
    const mails = resend.emails().filter((mail) => mail.to.includes(benAddress));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(north);
    const link = /https?:\/\/\S+\/provider\/clinics\/invitation#\S+/.exec(mails[0]!.text ?? "")?.[0] ?? "";
    expect(new URL(link).origin).toBe(MAIL_APP_ORIGIN);

    // The colleague opens the link before signing in, signs in with the invited address, accepts.
    const benContext = await browser.newContext({ baseURL: MAIL_APP_ORIGIN, viewport: page.viewportSize() });
    const ben = await benContext.newPage();
    await ben.goto(link);
    await expect(ben).toHaveURL(/\/provider\/clinics\/invitation$/);
    await expect(ben.getByRole("link", { name: "Sign in to accept" })).toBeVisible();
    await expectAccessible(ben, testInfo, "invitation-signin");
    await expectNoSideScroll(ben);
    await signIn(ben, benLogin, "/provider/clinics/invitation");
    await ben.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(ben.getByText(`You are now a clinician of ${north}.`)).toBeVisible();
    await expectAccessible(ben, testInfo, "invitation-accepted");
    await expectNoSideScroll(ben);
    await screenshot(ben, testInfo, "invitation-accepted");
    // The admin's page counts the new member and no longer lists the used invitation.
    await page.reload();
    await expect(members.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(2);
    await expect(members.getByRole("listitem").filter({ hasText: displayName(benLogin) })).toContainText("Clinician");
    await expect(page.getByText("No invitation is waiting.")).toBeVisible();

    // The colleague runs a clinic of their own as well.
    await ben.goto("/provider");
    const southId = await createClinic(ben, testInfo, south, "Create a clinic", "clinics-second");
    expect(southId).not.toBe(northId);

    // A patient (a low result: flagged) joins the first clinic by its code on the dashboard, the
    // second by the API.
    const patientLogin = uniqueLogin("pia-walk");
    const patientToken = await tokenFor(patientLogin);
    await api(MAIL_APP_ORIGIN, "POST", "/assessments/rom", romResult(28), patientToken);
    const codeOf = async (id: number, login: string) =>
      (await api<Clinic>(MAIL_APP_ORIGIN, "GET", `/clinics/${id}`, undefined, await tokenFor(login))).formattedJoinCode;
    const patientContext = await browser.newContext({ baseURL: MAIL_APP_ORIGIN, viewport: page.viewportSize() });
    const patientPage = await patientContext.newPage();
    await signIn(patientPage, patientLogin, "/dashboard");
    const sharing = section(patientPage, "Who can see my record");
    await sharing.getByRole("textbox", { name: "Clinic join code" }).fill(await codeOf(northId, anaLogin));
    await sharing.getByRole("button", { name: "Find clinic" }).click();
    await sharing.getByRole("button", { name: `Share with ${north}` }).click();
    await expect(sharing.getByText(`${north} can now see your record.`)).toBeVisible();
    await patientContext.close();
    await api(MAIL_APP_ORIGIN, "POST", "/me/clinics", { joinCode: await codeOf(southId, benLogin) }, patientToken);

    // Both clinicians of the first clinic see the patient, flagged.
    const patientName = displayName(patientLogin);
    const mark = (p: Page) => patientRow(p, patientName).getByRole("button", { name: `Mark ${patientName} reviewed` });
    await page.goto(`/provider?clinic=${northId}`);
    await expect(mark(page)).toBeVisible();
    await ben.goto(`/provider?clinic=${northId}`);
    await expect(mark(ben)).toBeVisible();
    await ben.goto(`/provider?clinic=${southId}`);
    await expect(mark(ben)).toBeVisible();

    // The first clinic's admin marks them reviewed: off for the first clinic, still on for the second.
    await mark(page).click();
    await expect(page.getByRole("status").filter({ hasText: `${patientName} marked reviewed.` })).toBeAttached();
    await expect(mark(page)).toHaveCount(0);
    await expectAccessible(page, testInfo, "clinic-walk-reviewed");
    await expectNoSideScroll(page);
    await ben.reload();
    await expect(patientRow(ben, patientName)).toHaveCount(1);
    await expect(mark(ben)).toBeVisible();
    await expectAccessible(ben, testInfo, "clinic-walk-other-clinic");
    await expectNoSideScroll(ben);
    await screenshot(ben, testInfo, "clinic-walk-other-clinic");
    await ben.goto(`/provider?clinic=${northId}`);
    await expect(patientRow(ben, patientName)).toHaveCount(1);
    await expect(mark(ben)).toHaveCount(0);
    await benContext.close();
  });

  test("the clinic pages in Spanish", async ({ page }, testInfo) => {
    const login = uniqueLogin("provider-lucia");
    const name = `Clinica Este ${uniqueLogin("x").slice(2)}`;
    await signIn(page, login, "/provider");
    await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: "Language" }).selectOption("es")]);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByText("Aún no es miembro de ninguna clínica")).toBeVisible();
    await createClinic(page, testInfo, name, "Crear una clínica", "clinics-es");
    await expect(page.getByRole("heading", { name: "Miembros" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Código de la clínica" })).toBeVisible();
    const invite = page.getByRole("form", { name: "Invitar a un compañero por correo electrónico" });
    await invite.getByRole("button", { name: "Enviar invitación" }).click();
    await expect(invite.getByText("email: escriba la dirección de correo de su compañero.")).toBeVisible();
    const address = `${uniqueLogin("provider-mateo")}@example.test`;
    await invite.getByRole("textbox", { name: "Correo electrónico" }).fill(address);
    await invite.getByRole("combobox", { name: "Su función" }).selectOption("clinic_admin");
    await invite.getByRole("button", { name: "Enviar invitación" }).click();
    await expect(page.getByText(`Se ha enviado una invitación a ${address}.`)).toBeVisible();
    const pending = page.getByRole("list", { name: "Invitaciones pendientes" }).getByRole("listitem").filter({ hasText: address });
    await expect(pending).toContainText("Administrador de la clínica");
    await expect(pending.getByRole("button", { name: `Retirar ${address}` })).toBeVisible();
    await expectAccessible(page, testInfo, "clinic-es");
    await expectNoSideScroll(page);
    await screenshot(page, testInfo, "clinic-es");
    await pending.getByRole("button", { name: `Retirar ${address}` }).click();
    await expect(page.getByText(`Se ha retirado la invitación a ${address}.`)).toBeVisible();
    await expect(page.getByText("No hay invitaciones pendientes.")).toBeVisible();

    await page.getByRole("link", { name: "Cartel para imprimir" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Comparta con nosotros su historial de evaluación de la mano" }),
    ).toBeVisible();
    await expectAccessible(page, testInfo, "clinic-poster-es");
    await expectNoSideScroll(page);

    await page.goto("/provider/clinics/invitation");
    await expect(page.getByRole("heading", { level: 1, name: "Unirse a una clínica" })).toBeVisible();
    await expect(page.getByText("Esta página se abre desde el enlace de un correo de invitación.", { exact: false })).toBeVisible();
    await expectAccessible(page, testInfo, "invitation-es");
    await expectNoSideScroll(page);
  });
});
