import packageJson from "@/package.json";

/** The running service's version, as /api/health and the API reference report it. */
export const SERVICE_VERSION: string = packageJson.version;
