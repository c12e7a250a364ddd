// The signed-in pages in Spanish (issue 28 item 5), chosen with the header's language switcher
// after signing in: a patient's dashboard with a result, then a clinic admin's patient list (the
// care-team rule: the one patient sharing with the clinic), clinic page and poster. Every page
// speaks Spanish (lang="es", headings, panels, messages a form shows) and has no accessibility
// violation: the clinic admin's walk at 1280 and 390 px (PHONE: the list is cards on a phone),
// the dashboard's at 1280 (every-page.spec.ts walks it in Spanish at 390).
import { expect, test, type Page } from "@playwright/test";
import { api, romResult } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll, isPhone, screenshot, signIn, tokenFor, uniqueLogin, PHONE } from "./support/fixtures";
import { displayName } from "./support/identity-provider";

const section = (page: Page, heading: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: heading }) });

/** The header's switcher: it sets the cookie and reloads the page in the chosen language. */
async function chooseSpanish(page: Page): Promise<void> {
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: "Language" }).selectOption("es")]);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

test("a patient reads the dashboard in Spanish after choosing it", async ({ page }, testInfo) => {
  const login = uniqueLogin("rosa-es");
  await api(APP_ORIGIN, "POST", "/assessments/rom", romResult(64), await tokenFor(login));
  await signIn(page, login, "/dashboard");
  await chooseSpanish(page);

  await expect(page).toHaveTitle(/ · Evaluación de la mano$/);
  await expect(page.getByRole("heading", { level: 1, name: /^(Hola, |Mi panel)/ })).toBeVisible();
  const glance = page.getByRole("region", { name: "De un vistazo" });
  await expect(
    glance.getByText(
      "Bandas propias de este servicio para puntuaciones de 0 a 100 en las que más alto es mejor (no son normas publicadas):",
    ),
  ).toBeVisible();
  await expect(glance.getByText("más alto es mejor").first()).toBeVisible();
  await expect(glance.getByText("Amplitud de movimiento").first()).toBeVisible();
  await expect(glance.getByText("Sin resultado anterior").first()).toBeVisible();
  const history = section(page, "Historial de evaluaciones");
  await expect(history.getByRole("listitem").first()).toContainText("Amplitud de movimiento");
  await expect(section(page, "Quién ha consultado mi historial").getByText(/^Nadie más ha consultado su historial/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Escribir en mi diario" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Cuándo" })).toHaveValue("AD_HOC_CHECK_IN");

  // A form's own message in Spanish: a join code of the wrong length is refused before any request.
  const sharing = section(page, "Quién puede ver mi historial");
  await sharing.getByRole("textbox", { name: "Código de la clínica" }).fill("ABC-234");
  await sharing.getByRole("button", { name: "Buscar clínica" }).click();
  await expect(sharing.getByText("Un código de clínica tiene 10 letras y cifras, por ejemplo ABCDE-FGHJK.")).toBeVisible();

  await expectAccessible(page, testInfo, "dashboard-es");
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, "dashboard-es");
});

test("a clinic admin reads the patient list, the clinic page and the poster in Spanish", PHONE, async ({ page }, testInfo) => {
  const adminLogin = uniqueLogin("provider-lucia");
  const clinic = await api<{ id: number; name: string; joinCode: string; formattedJoinCode: string }>(
    APP_ORIGIN,
    "POST",
    "/clinics",
    { name: `Clínica Ribera ${uniqueLogin("x").slice(2)}`, adminSub: adminLogin },
    await tokenFor(uniqueLogin("admin-pilar")),
  );
  const patientLogin = uniqueLogin("mateo-es");
  const patientToken = await tokenFor(patientLogin);
  await api(APP_ORIGIN, "POST", "/assessments/rom", romResult(28), patientToken);
  await api(APP_ORIGIN, "POST", "/me/clinics", { joinCode: clinic.joinCode }, patientToken);
  await signIn(page, adminLogin, "/provider");
  await chooseSpanish(page);

  await expect(page.getByRole("heading", { level: 1, name: "Pacientes" })).toBeVisible();
  await expect(page.getByText(`Su clínica: ${clinic.name}`)).toBeVisible();
  const list = isPhone(testInfo) ? page.getByRole("list", { name: "Pacientes" }) : page.getByRole("table");
  const rows = isPhone(testInfo) ? list.locator(":scope > li") : list.getByRole("row").filter({ has: page.getByRole("link") });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("link", { name: displayName(patientLogin) })).toBeVisible();
  // Flagged as low on the test's own scale, in Spanish words and numbers.
  await expect(rows.getByText("Bajo, sin cambios", { exact: true })).toBeVisible();
  await expect(rows.getByText("Amplitud de movimiento (mano derecha) 28 (umbral: 40 o menos)", { exact: true })).toBeVisible();
  await expect(rows.getByText("Amplitud de movimiento (Mano derecha)", { exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, "provider-es");
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, "provider-es");

  await page.getByRole("link", { name: "Gestionar la clínica" }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/clinics/${clinic.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: clinic.name })).toBeVisible();
  await expect(section(page, "Código de la clínica").getByText(clinic.formattedJoinCode, { exact: true })).toBeVisible();
  const members = section(page, "Miembros");
  await expect(members.getByRole("list", { name: "Miembros" }).getByText("Administrador de la clínica")).toBeVisible();
  await members.getByRole("button", { name: "Añadir miembro" }).click();
  await expect(members.getByText(/^sub: introduzca el identificador/)).toBeVisible();
  await expectAccessible(page, testInfo, "clinic-es");
  await expectNoSideScroll(page);

  await page.getByRole("link", { name: "Cartel para imprimir" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Comparta con nosotros su historial de evaluación de la mano" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Código QR del enlace para unirse/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Imprimir el cartel" })).toBeVisible();
  await expectAccessible(page, testInfo, "clinic-poster-es");
  await expectNoSideScroll(page);
});
