// The npm registry reachable from these machines lacks some platform-specific optional
// packages (macOS and Windows builds of native modules), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lock file. This adds an entry for each
// missing optional dependency, with the os/cpu its name declares, so npm ci skips it on this
// platform exactly as it would with a complete lock. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;

const OS = ["darwin", "linux", "win32", "freebsd", "android", "openbsd", "sunos", "aix", "netbsd"];
const CPU = ["arm64", "x64", "ia32", "arm", "wasm32", "ppc64", "s390x", "riscv64", "loong64"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes("gnueabihf") ? "arm" : undefined);
  return { os, cpu };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const prefix = path ? `${path}/node_modules/` : "node_modules/";
    if (packages[`${prefix}${name}`] || packages[`node_modules/${name}`]) continue;
    const { os, cpu } = platformOf(name);
    if (!os && !cpu) continue;
    packages[`node_modules/${name}`] = {
      version: version.replace(/^[\^~]/, ""),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added++;
  }
}
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`complete-lockfile: added ${added} platform-specific optional entr${added === 1 ? "y" : "ies"}`);
