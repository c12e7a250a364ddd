// The two builds `npm start` and `npm test` run from, made when missing or older than their
// sources, so that a fresh clone works with no other step:
// - the pages: `next build` into NEXT_DIST_DIR (.next);
// - the server: server.ts, the route files the API router serves and the PDF worker, compiled
//   with esbuild into <dist>/server (ES modules, `@/` aliases resolved, packages left to
//   node_modules), so that production runs plain JavaScript with `node`, without tsx.
// What decides a rebuild is each build's own import graph, recorded when it was made (esbuild's
// metafile): a file newer than the build triggers it only when that build reads it. An edit to a
// lib/ module that no page imports rebuilds the server (a second), not the pages (minutes). The
// listing of each folder the build read is recorded too: a file added to one (a new page or
// route) triggers it; a test file or the generated client does not. The build tools are development dependencies: after `npm ci --omit=dev` the
// builds made before the pruning are used as they are.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { makePgliteTemplate, pgliteTemplateStale } from "./pglite-template.mjs";

/** Read by every build, whatever imports what. */
const ALWAYS = ["package-lock.json", "tsconfig.json", "prisma/schema.prisma"];
const GENERATED = join("lib", "generated") + sep;
/** Read by the pages' build besides the pages' imports. */
const PAGE_CONFIG = ["next.config.ts", "postcss.config.mjs", "public"];
/** Read by the pages through next-intl's plugin (i18n/request.ts and the catalogues), not by an import. */
const PAGE_FOLDERS = ["i18n", "messages"];
/** Route files Next serves (lib/http/api-router.ts NEXT_SERVED): pages' build, not the server's. */
const NEXT_SERVED = ["auth/[...nextauth]/route.ts", "proxy/[...path]/route.ts"];
const GRAPH_FILE = "hand-inputs.json";

export const distDir = () => process.env.NEXT_DIST_DIR || ".next";
const serverDir = (dist = distDir()) => join(dist, "server-js");

/** The compiled server's entry point in the build at `dist`: what `npm start` and the tests run with `node`. */
export const serverEntry = (dist = distDir()) => join(serverDir(dist), "server.mjs");

function walk(dir, keep, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : Infinity);

/** What a folder holds, as far as a build cares: not the generated client, not tests. */
const listing = (dir) =>
  readdirSync(dir)
    .filter((name) => name !== "generated" && !name.endsWith(".test.ts"))
    .sort();

/**
 * The record of what a build read: its source files (not the generated client, rewritten on
 * every install: its schema stands for it), and the listing of every folder they sit in, so that
 * a file added to one (a new page or route) is seen.
 */
function graphOf(paths) {
  const files = paths.filter((path) => !path.startsWith(GENERATED) && existsSync(path));
  const folders = {};
  for (const file of files) for (let dir = dirname(file); dir !== "." && !(dir in folders); dir = dirname(dir)) folders[dir] = listing(dir);
  return { files, folders };
}

/** Whether every file a build read is older than it and every folder it read holds the same. */
function isFresh(builtFile, graphFile) {
  if (!existsSync(builtFile) || !existsSync(graphFile)) return false;
  const builtAt = statSync(builtFile).mtimeMs;
  const { files, folders } = JSON.parse(readFileSync(graphFile, "utf8"));
  if (!Array.isArray(files) || typeof folders !== "object") return false;
  const same = (dir, names) => existsSync(dir) && JSON.stringify(listing(dir)) === JSON.stringify(names);
  return files.every((path) => mtime(path) <= builtAt) && Object.entries(folders).every(([dir, names]) => same(dir, names));
}

export function loadEsbuild() {
  try {
    return createRequire(import.meta.url)("esbuild");
  } catch {
    console.error(
      "the build is missing or out of date, and esbuild (a development dependency) is not installed: run `npm install`, then `npm start`",
    );
    process.exit(1);
  }
}

const isApiRoute = (path) => /(^|[\\/])route\.ts$/.test(path);
const apiDir = join("app", "api");
const nextServed = NEXT_SERVED.map((file) => join(apiDir, ...file.split("/")));

/** Local files the pages import (app/ outside app/api, Next's own route files), by esbuild's resolution. */
function pageGraph(esbuild) {
  const entries = [...walk("app", (path) => !path.startsWith(apiDir + sep) && /\.(tsx?|css)$/.test(path)), ...nextServed];
  const { metafile } = esbuild.buildSync({
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "pages-graph",
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "silent",
    loader: { ".css": "empty", ".svg": "empty", ".png": "empty" },
  });
  return [
    ...Object.keys(metafile.inputs),
    ...walk("app", (path) => !path.startsWith(apiDir + sep)),
    ...PAGE_FOLDERS.flatMap((dir) => walk(dir, () => true)),
    ...PAGE_CONFIG,
    ...ALWAYS,
  ];
}

function buildPages() {
  console.log(`building the pages into ${distDir()} ...`);
  const result = spawnSync("npx", ["next", "build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * How the server and the compiled test files (scripts/lib/test-bundles.mjs) are bundled: ES
 * modules for Node 20 with source maps, the project's modules inlined, packages left in
 * node_modules. .mjs: Next marks its folder as CommonJS (a package.json saying so).
 */
export const NODE_BUNDLE = {
  bundle: true,
  splitting: true,
  format: "esm",
  outExtension: { ".js": ".mjs" },
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

function buildServer(esbuild) {
  const routes = walk(apiDir, (path) => isApiRoute(path) && !nextServed.includes(path));
  // Chunks are named by content hash: the previous build's would pile up.
  rmSync(serverDir(), { recursive: true, force: true });
  const { metafile } = esbuild.buildSync({
    ...NODE_BUNDLE,
    entryPoints: ["server.ts", "lib/pdf/worker-task.ts", ...routes],
    outbase: ".",
    outdir: serverDir(),
    metafile: true,
    // Tells lib/pdf/pool.ts where its compiled worker is (relative to the working directory).
    define: { __COMPILED_PDF_WORKER__: JSON.stringify(join(serverDir(), "lib", "pdf", "worker-task.mjs")) },
  });
  const inputs = [...Object.keys(metafile.inputs), ...walk(apiDir, () => true), ...ALWAYS];
  writeFileSync(join(serverDir(), GRAPH_FILE), JSON.stringify(graphOf(inputs)));
}

/** Makes whichever build is missing or older than a file it reads (both with `all`), and the embedded database's template when missing; silent when all are there. */
export function ensureBuild({ all = false } = {}) {
  const pagesGraph = join(distDir(), GRAPH_FILE);
  const pagesFresh = !all && isFresh(join(distDir(), "BUILD_ID"), pagesGraph);
  // `next build` empties the folder the server is compiled into.
  const serverFresh = pagesFresh && isFresh(serverEntry(), join(serverDir(), GRAPH_FILE));
  if (!pagesFresh || !serverFresh) {
    const esbuild = loadEsbuild();
    if (!pagesFresh) {
      buildPages();
      writeFileSync(pagesGraph, JSON.stringify(graphOf(pageGraph(esbuild).map((path) => relative(".", path)))));
    }
    const started = performance.now();
    buildServer(esbuild);
    console.log(`compiled the server into ${serverDir()} in ${Math.round(performance.now() - started)} ms`);
  }
  if (pgliteTemplateStale(distDir())) makePgliteTemplate(distDir());
}
