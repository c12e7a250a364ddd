// The import rules `npm run lint:imports` holds the code to (dependency-cruiser).
//
// 1. The folders under lib/ import one way: no loop between two folders (or more), type-only
//    imports included. What two folders both need lives in a folder below both.
// 2. Next.js is the web layer's: `next`, `next/*` and `next-auth*` are imported only by the pages
//    and routes (app/), the web layer's helpers (lib/web/), the React components the pages render
//    (components/: next/link, next/navigation, next-auth/react), the custom server (server.ts
//    hands every request the API router does not serve to Next's request handler) and Next's own
//    configuration (next.config.ts). Services in lib/ stay free of Next, so the API router,
//    scripts, the voice socket and tests can call them without it.
// 3. Pages, routes and components reach data through the services, never the database client
//    itself: one patient's data only through lib/access's PatientHandle (lib/access/boundary.test.ts
//    keeps raw patient queries inside the data modules).
// 4. What the browser loads to name and score the kinds (lib/assessments/kinds but its contracts,
//    lib/report-view/clock.ts, lib/web/format.ts) imports zod and the schemas for types only: they
//    stay on the server (docs/performance-pages.md, "The dashboard's script budget").
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-folder-loop",
      severity: "error",
      comment: "Folders under lib/ import one way: move what both sides need into a folder below both.",
      scope: "folder",
      from: { path: "^lib/" },
      to: { circular: true },
    },
    {
      name: "next-only-in-the-web-layer",
      severity: "error",
      comment:
        "next, next/* and next-auth* belong to app/, lib/web/, components/, server.ts and next.config.ts; services stay free of Next.",
      from: { pathNot: "^(app/|lib/web/|components/|server[.]ts$|next[.]config[.]ts$)" },
      to: { path: "^node_modules/(next|next-auth)/" },
    },
    {
      name: "no-database-in-the-web-layer",
      severity: "error",
      comment: "Pages, routes and components call services (lib/<domain>/); patient data goes through lib/access, not lib/db.",
      from: { path: "^(app/|components/)" },
      to: { path: "^(lib/db/|lib/generated/prisma/client|node_modules/(@prisma|pg|@electric-sql)/)" },
    },
    {
      name: "no-schemas-in-the-browser-modules",
      severity: "error",
      comment:
        "The kind modules, the clock and the pages' formatting are loaded by the browser: their schemas go in lib/assessments/kinds/*contract*.ts or beside the API's schemas.",
      from: { path: "^lib/(assessments/kinds/(?![^/]*contract)[^/]+|report-view/clock|web/format)[.]ts$" },
      to: { path: "^(node_modules/zod/|lib/assessments/(schemas|kinds/[^/]*contract[^/]*)[.]ts$)", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "^node_modules" },
    // Tests (beside the code and under test/) are leaves: nothing imports them.
    exclude: { path: "^(lib/generated/|[.]next/|e2e/|[.]stryker-tmp/|reports/)|[.]test[.]tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json", ".d.ts"],
    },
  },
};
