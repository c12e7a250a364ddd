// The pages a code opens, in Spanish for a Spanish-speaking browser (Accept-Language es-ES): a
// range-of-motion result taken in poor light (/a), the report bundling it with a pain result
// (/r), and the report's PDF, read back with poppler's pdftotext. axe finds nothing on either page.
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { api, painResult, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll, isPhone, screenshot, PHONE } from "./support/fixtures";

test.use({ locale: "es-ES", timezoneId: "Europe/Madrid" });

const romWithJoints = {
  ...romResult(64),
  lightingQuality: "POOR",
  joints: [
    { id: "index_mcp", finger: "INDEX", jointType: "MCP", minAngle: 4, maxAngle: 61, rom: 57, normalRange: [0, 90] },
    { id: "index_pip", finger: "INDEX", jointType: "PIP", minAngle: 2, maxAngle: 101, rom: 99, normalRange: [0, 100] },
    { id: "index_dip", finger: "INDEX", jointType: "DIP", minAngle: 0, maxAngle: 70, rom: 70, normalRange: [0, 80] },
  ],
};

test("a result, its report and the PDF read in Spanish", PHONE, async ({ page }, testInfo) => {
  const rom = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romWithJoints);
  const pain = await api<Created>(APP_ORIGIN, "POST", "/assessments/pain-v2", painResult);

  await page.goto(`/a/${rom.formattedCode}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Amplitud de movimiento" })).toBeVisible();
  await expect(page).toHaveTitle(`Amplitud de movimiento · ${rom.formattedCode} · Evaluación de la mano`);
  await expect(page.getByText(/Registrado con poca luz/)).toBeVisible();
  await expect(page.getByText("Extensión de muñeca")).toBeVisible();
  await expect(page.getByText("Puntuación global")).toBeVisible();
  // The goniometry table: 57 + 99 + 70 = 226° of total active motion for the index finger.
  await expect(page.getByRole("region", { name: "Mano derecha" })).toBeVisible();
  await expect(page.getByTestId("tam-index")).toContainText("226°");
  await expect(page.getByRole("heading", { name: "Conservar este resultado" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Enviarme este código por correo electrónico" })).toBeVisible();
  await expectAccessible(page, testInfo, "a-es");
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, "a-es");

  const report = await api<Created>(APP_ORIGIN, "POST", "/reports", {
    title: "Mano derecha tras la cirugía",
    assessmentCodes: [rom.code, pain.code],
  });
  await page.goto(`/r/${report.formattedCode}`);
  await expect(page.getByRole("heading", { level: 1, name: "Informe de evaluación de la mano" })).toBeVisible();
  await expect(page.getByText("Título dado por el remitente: «Mano derecha tras la cirugía»")).toBeVisible();
  for (const name of [
    "Resumen",
    "Cambio del primero al más reciente",
    "Muñeca y articulaciones de los dedos por fecha",
    "Qué significan los resultados",
  ])
    await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Detalles de las evaluaciones" })).toBeVisible();
  if (isPhone(testInfo)) {
    // At 390 px the summary is a card per record (issue 42), in the reader's words.
    const cards = page.getByRole("list", { name: "Tabla de resumen" }).getByTestId("summary-record");
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: "Amplitud de movimiento" })).toHaveCount(1);
  } else await expect(page.getByRole("columnheader", { name: "Resultado principal" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Explicar" })).toBeVisible();
  await expectAccessible(page, testInfo, "r-es");
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, "r-es");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar PDF" }).click();
  const bytes = await readFile((await (await downloading).path())!);
  const pdftotext = spawnSync("pdftotext", ["-", "-"], { input: bytes, encoding: "utf8" });
  expect(pdftotext.error, "pdftotext (Debian package poppler-utils)").toBeUndefined();
  const text = pdftotext.stdout.replace(/\s+/g, " ");
  for (const words of [
    "FECHA DEL INFORME",
    "Resumen",
    "Detalles de las evaluaciones",
    "Muñeca y articulaciones de los dedos por fecha",
    "Extensión de muñeca",
    "Página 1 de",
    "fechas en hora de Europe/Madrid",
  ])
    expect(text).toContain(words);
  expect(text).not.toContain("Assessment details");
});
