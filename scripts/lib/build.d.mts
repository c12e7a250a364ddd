/** Makes whichever build (pages, compiled server) is missing or older than a file it reads; both with `all`. */
export function ensureBuild(options?: { all?: boolean }): void;
/** The compiled server's entry point in the build at `dist` (default distDir()), run with plain `node`. */
export function serverEntry(dist?: string): string;
/** Where the builds go: NEXT_DIST_DIR, or .next. */
export function distDir(): string;
