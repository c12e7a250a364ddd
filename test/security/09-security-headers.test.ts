// Row 9 of the abuse review: no security headers on pages or API; shared result pages were
// indexable and frameable. Now every response carries a CSP with frame-ancestors 'none',
// nosniff and Referrer-Policy: no-referrer (share URLs carry codes); HSTS when served over
// https; X-Robots-Tag: noindex on /a/* and /r/*; and /robots.txt keeps crawlers off them.
// Own server: TRUST_PROXY=loopback.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { apiClient, checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let assessmentCode: string;
let reportCode: string;

before(async () => {
  server = await startServer({ env: { TRUST_PROXY: "loopback" } });
  const api = apiClient(server.origin);
  assessmentCode = (await api.post("/assessments/rom", romBody)).body.formattedCode;
  reportCode = (await api.post("/reports", { title: "Headers", assessmentCodes: [assessmentCode] })).body.code;
});
after(() => server?.stop());

/** Paths outside the API reference: pages, robots.txt and a deliberate probe of an /api path no route serves. */
const outsideTheApi = (path: string) => !path.startsWith("/api/") || path === "/api/no-such-endpoint";

/** A GET; the API's own answers are checked against its reference. */
const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.origin}${path}`, { headers, redirect: "manual" });
  if (!outsideTheApi(path)) await checked(server.origin, "GET", path.slice("/api".length), response.clone());
  return response;
};

test("pages and API answers carry frame-ancestors 'none', nosniff and no-referrer", async () => {
  for (const path of [
    "/",
    `/a/${assessmentCode}`,
    `/r/${reportCode}`,
    "/api/health",
    "/api/lookup/ZZZZZ2",
    "/api/no-such-endpoint",
    "/provider",
  ]) {
    const response = await get(path);
    await response.arrayBuffer();
    assert.match(response.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/, path);
    assert.equal(response.headers.get("x-content-type-options"), "nosniff", path);
    assert.equal(response.headers.get("referrer-policy"), "no-referrer", path);
    assert.equal(response.headers.get("strict-transport-security"), null, `${path}: not over https`);
  }
});

test("shared result and report pages are noindex; the home page is not", async () => {
  for (const path of [`/a/${assessmentCode}`, `/r/${reportCode}`, "/a/ZZZ-ZZ2"]) {
    const response = await get(path);
    await response.arrayBuffer();
    assert.match(response.headers.get("x-robots-tag") ?? "", /noindex/, path);
  }
  const home = await get("/");
  await home.arrayBuffer();
  assert.equal(home.headers.get("x-robots-tag"), null);
});

test("over https (as a trusted proxy reports it) every answer carries HSTS", async () => {
  for (const path of ["/", "/api/health"]) {
    const response = await get(path, { "x-forwarded-proto": "https" });
    await response.arrayBuffer();
    assert.match(response.headers.get("strict-transport-security") ?? "", /max-age=\d{7,}/, path);
  }
});

test("/robots.txt keeps crawlers off shared pages and the API", async () => {
  const response = await get("/robots.txt");
  assert.equal(response.status, 200);
  const text = await response.text();
  for (const path of ["/a/", "/r/", "/api/"]) assert.match(text, new RegExp(`Disallow: ${path}`));
});
