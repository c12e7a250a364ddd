// Row 13 of the abuse review: the cookie-authenticated /api/proxy accepted form and text bodies
// from a hostile Origin, so any web page could make a signed-in browser write through it.
// State-changing proxy requests now need a same-origin Origin / Sec-Fetch-Site, and JSON routes
// refuse bodies that are not application/json with 415.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { checked } from "@/test/support/http";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let server: SharedServer;

before(async () => {
  server = await sharedServer();
});
after(() => server?.stop());

/** A POST; the API's own answers are checked against its reference (the proxy's path is outside it). */
const post = async (path: string, body: string, headers: Record<string, string>) => {
  const response = await fetch(`${server.origin}${path}`, { method: "POST", body, headers, redirect: "manual" });
  if (!path.startsWith("/api/proxy/")) await checked(server.origin, "POST", path.slice("/api".length), response.clone());
  return response;
};

test("a proxy write from another site is refused (403) before it reaches the API", async () => {
  const hostile: Record<string, string>[] = [
    { origin: "https://evil.example", "content-type": "text/plain" },
    { origin: "https://evil.example", "content-type": "application/json" },
    { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
    { origin: "null", "content-type": "text/plain" },
  ];
  for (const headers of hostile) {
    const response = await post("/api/proxy/assessments/rom", JSON.stringify(romBody), headers);
    assert.equal(response.status, 403, JSON.stringify(headers));
    assert.match((await response.json()).error, /origin/i);
  }
});

test("a same-origin proxy write goes through", async () => {
  const response = await post("/api/proxy/assessments/rom", JSON.stringify(romBody), {
    origin: server.origin,
    "sec-fetch-site": "same-origin",
    "content-type": "application/json",
  });
  assert.equal(response.status, 201);
});

test("JSON routes refuse text and form bodies with 415, directly and through the proxy", async () => {
  for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
    const direct = await post("/api/assessments/rom", JSON.stringify(romBody), { "content-type": contentType });
    assert.equal(direct.status, 415, contentType);
    assert.match((await direct.json()).error, /application\/json/);
    const proxied = await post("/api/proxy/assessments/rom", JSON.stringify(romBody), {
      origin: server.origin,
      "content-type": contentType,
    });
    assert.equal(proxied.status, 415, `proxy ${contentType}`);
  }
  const missing = await checked(
    server.origin,
    "POST",
    "/assessments/rom",
    await fetch(`${server.origin}/api/assessments/rom`, { method: "POST", body: new Blob([JSON.stringify(romBody)]) }),
  );
  assert.equal(missing.status, 415, "no content type at all");
  const charset = await post("/api/assessments/rom", JSON.stringify(romBody), { "content-type": "application/json; charset=utf-8" });
  assert.equal(charset.status, 201);
});
