// The two builds `npm start` and `npm test` run from, made when missing or older than their
// sources, so that a fresh clone works with no other step:
// - the pages: `next build` into NEXT_DIST_DIR (.next);
// - the server: server.ts, the route files the API router serves and the PDF worker, compiled
//   with esbuild into <dist>/server (ES modules, `@/` aliases resolved, packages left to
//   node_modules), so that production runs plain JavaScript with `node`, without tsx.
// What decides a rebuild is each build's own import graph, recorded when it was made (esbuild's
// metafile): a file newer than the build triggers it only when that build reads it. An edit to a
// lib/ module that no page imports rebuilds the server (a second), not the pages (minutes). A
// file added to a folder the build reads (a new page or route) changes the folder, which is in
// the graph too. The build tools are development dependencies: after `npm ci --omit=dev` the
// builds made before the pruning are used as they are.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";

/** Read by every build, whatever imports what (the generated Prisma client is rewritten on every install: its schema stands for it). */
const ALWAYS = ["package-lock.json", "tsconfig.json", "prisma/schema.prisma"];
const GENERATED = join("lib", "generated") + sep;
/** Read by the pages' build besides the pages' imports. */
const PAGE_CONFIG = ["next.config.ts", "postcss.config.mjs", "public"];
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

/** Files (and their folders) a build read: every one must be older than the build. */
function isFresh(builtFile, graphFile) {
  if (!existsSync(builtFile) || !existsSync(graphFile)) return false;
  const builtAt = statSync(builtFile).mtimeMs;
  const inputs = JSON.parse(readFileSync(graphFile, "utf8"));
  return inputs.every((path) => mtime(path) <= builtAt);
}

/** Source files and the folders they sit in (a file added to one changes its mtime); not the generated client. */
function withFolders(files) {
  const sources = files.filter((file) => !file.startsWith(GENERATED));
  const folders = new Set();
  for (const file of sources) for (let dir = dirname(file); dir !== "." && !folders.has(dir); dir = dirname(dir)) folders.add(dir);
  return [...sources, ...folders].filter((path) => !path.startsWith(GENERATED) && path !== GENERATED.slice(0, -1));
}

function loadEsbuild() {
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
  const read = [
    ...withFolders([...Object.keys(metafile.inputs), ...walk("app", (path) => !path.startsWith(apiDir + sep))]),
    ...PAGE_CONFIG,
    ...ALWAYS,
  ];
  // A file that is not there is not read (public/ is optional); one that goes away later counts as changed.
  return read.filter((path) => existsSync(path));
}

function buildPages() {
  console.log(`building the pages into ${distDir()} ...`);
  const result = spawnSync("npx", ["next", "build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function buildServer(esbuild) {
  const routes = walk(apiDir, (path) => isApiRoute(path) && !nextServed.includes(path));
  // Chunks are named by content hash: the previous build's would pile up.
  rmSync(serverDir(), { recursive: true, force: true });
  const { metafile } = esbuild.buildSync({
    entryPoints: ["server.ts", "lib/pdf/worker-task.ts", ...routes],
    outbase: ".",
    outdir: serverDir(),
    bundle: true,
    splitting: true,
    format: "esm",
    // .mjs: Next marks its folder as CommonJS (a package.json saying so).
    outExtension: { ".js": ".mjs" },
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
    // Tells lib/pdf/pool.ts where its compiled worker is (relative to the working directory).
    define: { __COMPILED_PDF_WORKER__: JSON.stringify(join(serverDir(), "lib", "pdf", "worker-task.mjs")) },
  });
  const inputs = withFolders([...Object.keys(metafile.inputs), ...routes, ...walk(apiDir, () => true)]);
  writeFileSync(join(serverDir(), GRAPH_FILE), JSON.stringify([...inputs, ...ALWAYS].filter((path) => existsSync(path))));
}

/** Makes whichever build is missing or older than a file it reads (both with `all`); silent when both are fresh. */
export function ensureBuild({ all = false } = {}) {
  const pagesGraph = join(distDir(), GRAPH_FILE);
  const pagesFresh = !all && isFresh(join(distDir(), "BUILD_ID"), pagesGraph);
  // `next build` empties the folder the server is compiled into.
  const serverFresh = pagesFresh && isFresh(serverEntry(), join(serverDir(), GRAPH_FILE));
  if (pagesFresh && serverFresh) return;
  const esbuild = loadEsbuild();
  if (!pagesFresh) {
    buildPages();
    writeFileSync(pagesGraph, JSON.stringify(pageGraph(esbuild).map((path) => relative(".", path))));
  }
  const started = performance.now();
  buildServer(esbuild);
  console.log(`compiled the server into ${serverDir()} in ${Math.round(performance.now() - started)} ms`);
}
