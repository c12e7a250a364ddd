// Pages in the reader's language: Spanish from Accept-Language or the switcher's cookie, English
// otherwise, over HTTP against the real server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let server: SharedServer;

before(async () => {
  server = await sharedServer();
});
after(() => server.stop());

async function page(path: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string }> {
  // contract: pages, not the API
  const response = await fetch(`${server.origin}${path}`, { headers });
  return { status: response.status, html: await response.text() };
}

const lang = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];

test("a Spanish-speaking browser gets the home page in Spanish, with lang=es", async () => {
  const { status, html } = await page("/", { "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
  assert.equal(status, 200);
  assert.equal(lang(html), "es");
  assert.match(html, /La función de la mano, medida y compartida con un código corto/);
  assert.match(html, /Saltar al contenido/);
  assert.match(html, /¿Aún no ha medido nada\?/);
  assert.match(html, /Probar un resultado de muestra/);
  assert.doesNotMatch(html, /Hand function, measured and shared/);
});

test("an English or unknown browser language gets English", async () => {
  for (const header of ["en-GB,en;q=0.9", "de-DE,fr;q=0.8", ""]) {
    const { html } = await page("/", header ? { "accept-language": header } : {});
    assert.equal(lang(html), "en", header);
    assert.match(html, /Hand function, measured and shared by a short code/);
  }
});

test("the switcher's cookie wins over Accept-Language, both ways", async () => {
  const spanish = await page("/", { "accept-language": "en-US", cookie: "locale=es" });
  assert.equal(lang(spanish.html), "es");
  const english = await page("/", { "accept-language": "es-ES", cookie: "locale=en" });
  assert.equal(lang(english.html), "en");
  const bogus = await page("/", { "accept-language": "es-ES", cookie: "locale=<script>" });
  assert.equal(lang(bogus.html), "es");
});

test("the not-found page explains an unknown code in Spanish", async () => {
  const { status, html } = await page("/a/ABC234", { "accept-language": "es" });
  assert.equal(status, 404);
  assert.match(html, /No hemos podido encontrarlo/);
  assert.match(html, /Ningún resultado ni informe tiene el código ABC-234/);
});

test("the sign-in and billing pages are translated, titles included", async () => {
  const signin = await page("/signin", { "accept-language": "es" });
  assert.match(signin.html, /Inicio de sesión de desarrollo/);
  assert.match(signin.html, /<title>Iniciar sesión · Evaluación de la mano<\/title>/);
  const cancel = await page("/billing/cancel", { "accept-language": "es" });
  assert.match(cancel.html, /Pago cancelado/);
  assert.match(cancel.html, /Core: 1,99 al mes/);
});
