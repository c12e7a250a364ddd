// The test files compiled before the run (issue 40): esbuild bundles every selected file with
// the project's modules it imports (packages stay in node_modules), so that each test process
// runs JavaScript with plain node. From source, each process loaded tsx, whose module hooks
// answer every import from a thread of their own: 0.25-0.3 CPU-seconds more a process than the
// same imports bundled, and a run starts about 200 processes (docs/development.md).
//
// The bundles mirror the files' absolute paths under a folder in node_modules (so packages
// resolve as from the project), with source maps: a failure's stack names the TypeScript line.
// The project's own JavaScript (scripts/lib/*.mjs) is imported from where it lies, not copied:
// a script that runs itself when it is the process's entry point must not take a bundle for
// itself. A test that imports the project's TypeScript at run time (a route file by path) says
// `// Runs from source: <why>`: a bundle would hold a second copy of every module that file
// shares with it (one database connection each), so its entry registers tsx and imports it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, extname, isAbsolute, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadEsbuild, NODE_BUNDLE } from "./build.mjs";

/** Imports of the project's JavaScript files stay imports of those files, by absolute path. */
const projectJavaScript = {
  name: "project-javascript",
  setup(build) {
    build.onResolve({ filter: /\.(mjs|cjs|js)$/ }, (args) => {
      if (!args.path.startsWith(".") && !isAbsolute(args.path)) return undefined;
      const path = resolve(args.resolveDir, args.path);
      return relative(process.cwd(), path).startsWith("node_modules") ? undefined : { path, external: true };
    });
  },
};

/**
 * Bundles `files` into `folder`; returns each file's bundle (the runner's argument) and a map
 * from bundle back to file, which the reporters name files by (TEST_BUNDLES).
 */
export async function bundleTests(files, folder) {
  const esbuild = loadEsbuild();
  const absolute = files.map((file) => resolve(file));
  const bundleOf = (file) => join(folder, `${file.slice(0, -extname(file).length)}.mjs`);
  const fromSource = absolute.filter((file) => /^\/\/ Runs from source: \S/m.test(readFileSync(file, "utf8")));
  for (const file of fromSource) {
    mkdirSync(dirname(bundleOf(file)), { recursive: true });
    writeFileSync(
      bundleOf(file),
      `import { register } from "tsx/esm/api";\nregister();\nawait import(${JSON.stringify(pathToFileURL(file).href)});\n`,
    );
  }
  await esbuild.build({
    ...NODE_BUNDLE,
    entryPoints: absolute.filter((file) => !fromSource.includes(file)),
    outbase: "/",
    outdir: folder,
    plugins: [projectJavaScript],
  });
  const bundles = absolute.map(bundleOf);
  const sources = Object.fromEntries(bundles.map((bundle, index) => [bundle, files[index]]));
  const map = join(folder, "sources.json");
  mkdirSync(folder, { recursive: true });
  writeFileSync(map, JSON.stringify(sources));
  return { bundles, map };
}

/** For the reporters: the selected file a bundle was made from (the path itself when it is no bundle). */
export function sourceNamer(mapFile) {
  if (!mapFile) return (file) => file;
  const sources = JSON.parse(readFileSync(mapFile, "utf8"));
  return (file) => sources[file] ?? file;
}
