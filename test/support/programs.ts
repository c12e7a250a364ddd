// System programs some tests need (Debian packages that .ci/run installs). On a machine without
// one, those tests are skipped with a line naming the package to install; under CI (CI=true) a
// missing program is an error instead, so CI can never pass a test by skipping it.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** The program's path on PATH, or null. */
export function findProgram(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this directory
    }
  }
  return null;
}

/**
 * For node:test's `skip` option: false when the program is there, else the reason to skip
 * ("espeak-ng is not installed: apt-get install espeak-ng"). Throws under CI.
 */
export function skipWithout(program: string, debianPackage: string): false | string {
  if (findProgram(program)) return false;
  const reason = `${program} is not installed (Debian package ${debianPackage}: apt-get install ${debianPackage})`;
  if (process.env.CI) throw new Error(`${reason}; CI must install it (.ci/run)`);
  return reason;
}
