// The embedded database's template: a data directory just made by initdb, as a tar, kept beside
// the builds (<dist>/pglite-initdb.tar). A new embedded database starts from a copy of it instead
// of running initdb in WebAssembly, which was most of its first start (docs/performance.md,
// "Start-up and idle memory"). It holds no data, only PostgreSQL's own catalogues: the
// migrations still run on the new database. `next build` empties the folder, and a change to
// package-lock.json (a new PGlite) rebuilds the pages, so the template is made again then.
// Run as a script, it writes the template to the path it is given.
import { spawnSync } from "node:child_process";
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the template of the build at `dist` is. */
export const pgliteTemplatePath = (dist) => join(dist, "pglite-initdb.tar");

/** Makes the template in a child process (PGlite's WebAssembly stays out of the build's process). */
export function makePgliteTemplate(dist) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), pgliteTemplatePath(dist)], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`made the embedded database's template in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = process.argv[2];
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create();
  const tar = await pglite.dumpDataDir("none");
  await pglite.close();
  writeFileSync(`${path}.partial`, Buffer.from(await tar.arrayBuffer()));
  renameSync(`${path}.partial`, path);
}
