// Versions of the resources (https://hl7.org/fhir/R4/http.html#versioning): each resource's
// meta.lastUpdated is when its rows last changed as FHIR sees them, and its versionId is that
// instant in milliseconds, so a change always makes a new version and no version counter has to
// be kept in step by every writer. Reads answer a weak ETag and Last-Modified, and a conditional
// read (If-None-Match, If-Modified-Since) of an unchanged resource is a 304 without a body.
import type { Meta, Resource } from "@medplum/fhirtypes";

/** The newest of several instants (the ones that are there). */
export function newest(...instants: (Date | null | undefined)[]): Date {
  return new Date(Math.max(...instants.map((instant) => instant?.getTime() ?? -Infinity)));
}

/** meta.versionId and meta.lastUpdated of a resource whose rows last changed at `lastUpdated`. */
export function resourceMeta(lastUpdated: Date): Meta {
  return { versionId: String(lastUpdated.getTime()), lastUpdated: lastUpdated.toISOString() };
}

/** The validator headers of a read: ETag W/"<versionId>" and Last-Modified; none for a resource without a version. */
export function validators(resource: Resource): Record<string, string> {
  const { versionId, lastUpdated } = resource.meta ?? {};
  if (!versionId || !lastUpdated) return {};
  return { etag: `W/"${versionId}"`, "last-modified": new Date(lastUpdated).toUTCString() };
}

/**
 * Whether the client's copy is current: If-None-Match names the ETag (weak comparison, or `*`),
 * or, without If-None-Match, If-Modified-Since is no earlier than Last-Modified (whole seconds, as
 * HTTP dates are).
 */
export function notModified(request: Request, headers: Record<string, string>): boolean {
  const etag = headers.etag;
  if (!etag) return false;
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    return tags.includes("*") || tags.includes(etag.replace(/^W\//, ""));
  }
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  return !Number.isNaN(since) && Date.parse(headers["last-modified"]!) <= since;
}
