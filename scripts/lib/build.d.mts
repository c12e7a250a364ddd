/** Builds the Next application when the build is missing or older than its sources. */
export function ensureBuild(): void;
