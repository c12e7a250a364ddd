import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const nextConfig: NextConfig = {
  // Several builds can share one checkout (parallel test runs); each names its own folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Type errors are caught by `npm run typecheck` (run by .ci/run), so that a build for tests
  // does not stop on a file someone else is still editing.
  typescript: { ignoreBuildErrors: true },
  // Builds here are one-off (CI, tests); writing Turbopack's cache cost more than it saved.
  experimental: {
    turbopackFileSystemCacheForBuild: false,
    // A server loads every route's module when it starts, so that no visitor waits for one. A test
    // server answers a handful of routes and the suite starts about 150 of them: it loads each
    // route when first asked instead (test/support/server.ts).
    preloadEntriesOnStart: process.env.NEXT_PRELOAD_ENTRIES !== "off",
  },
  // WASM and native packages stay outside the bundle so that server.ts and the route
  // handlers share one copy (and one embedded database) per process.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "pg-boss",
    "@react-pdf/renderer",
    "pino",
    "pino-pretty",
    "ws",
    "ioredis",
    "rate-limiter-flexible",
    "nodemailer",
    "stripe",
  ],
};

// next-intl finds the per-request language and catalogue in i18n/request.ts.
export default createNextIntlPlugin("./i18n/request.ts")(nextConfig);
