// FHIR's envelopes: the searchset Bundle with its paging links, the OperationOutcome every error
// becomes, and the application/fhir+json answer.
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { constants, createGzip, gzip } from "node:zlib";
import type { Bundle, BundleLink, OperationOutcome, Resource } from "@medplum/fhirtypes";
import { ApiError } from "@/lib/api/errors";
import { fhirJson } from "@/lib/fhir/json";
import { notModified, validators } from "@/lib/fhir/versions";
import type { Incoming } from "@/lib/http/route";

export const FHIR_JSON = "application/fhir+json; charset=utf-8";

/** Answers at least this large are gzipped for clients that accept it. */
const COMPRESS_FROM_BYTES = 32 * 1024;
/** A Bundle with more entries than this is streamed: written a slice of entries at a time. */
const STREAM_FROM_ENTRIES = 64;
const gzipAsync = promisify(gzip);

/**
 * A resource as the answer, with FHIR's media type. A large Bundle (a $everything page is about
 * 16 MiB for a thousand assessments) is streamed: its entries are serialized a slice at a time, so
 * the first bytes leave (and are gzipped on the thread pool, and read by the client) while later
 * entries are still being written, and the whole text is never held at once. Everything the answer
 * holds was read before it starts, so a 200 is never followed by a database error.
 */
export async function fhirReply(resource: Resource, request: Request): Promise<Response> {
  const versioned = validators(resource);
  if (notModified(request, versioned)) return new Response(null, { status: 304, headers: versioned });
  const acceptsGzip = /\bgzip\b/i.test(request.headers.get("accept-encoding") ?? "");
  if (resource.resourceType === "Bundle" && (resource.entry?.length ?? 0) > STREAM_FROM_ENTRIES) {
    const text = Readable.from(bundleText(resource), { objectMode: false });
    const body = acceptsGzip ? text.pipe(createGzip({ level: constants.Z_BEST_SPEED })) : text;
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
      headers: { "content-type": FHIR_JSON, vary: "accept-encoding", ...(acceptsGzip ? { "content-encoding": "gzip" } : {}) },
    });
  }
  const body = fhirJson(resource);
  if (body.length < COMPRESS_FROM_BYTES || !acceptsGzip) {
    return new Response(body, { headers: { "content-type": FHIR_JSON, ...versioned } });
  }
  const compressed = await gzipAsync(body, { level: constants.Z_BEST_SPEED });
  return new Response(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength), {
    headers: { "content-type": FHIR_JSON, "content-encoding": "gzip", vary: "accept-encoding", ...versioned },
  });
}

/** A Bundle's JSON text in pieces: the envelope up to its entries, then slices of entries. */
export function* bundleText(bundle: Bundle): Generator<Buffer> {
  const { entry, ...envelope } = bundle;
  // FHIR JSON has no empty arrays: a Bundle without entries has no `entry`.
  if (!entry?.length) return yield Buffer.from(fhirJson(bundle));
  // `entry` is written last, so the envelope's text ends with `"entry":[]}`.
  const head = fhirJson({ ...envelope, entry: [] });
  yield Buffer.from(head.slice(0, -2));
  for (let start = 0; start < entry.length; start += STREAM_FROM_ENTRIES) {
    const slice = entry.slice(start, start + STREAM_FROM_ENTRIES).map((item) => fhirJson(item));
    yield Buffer.from((start > 0 ? "," : "") + slice.join(","));
  }
  yield Buffer.from("]}");
}

export interface Page {
  offset: number;
  count: number;
}

/** The search's own URL with another page: the same parameters, _offset and _count set. */
function pageUrl(self: URL, offset: number, count: number): string {
  const url = new URL(self);
  url.searchParams.set("_offset", String(offset));
  url.searchParams.set("_count", String(count));
  return url.toString();
}

/**
 * A searchset Bundle of one page of `total` matches. Links: self, first, previous and next when
 * there are such pages, last. `self` is the search on the public origin (FRONTEND_URL) with the
 * parameters it applied and no others (lib/fhir/search.ts appliedParameters).
 */
export function searchset(resources: Resource[], total: number, page: Page, self: URL): Bundle {
  const { offset, count } = page;
  const link: BundleLink[] = [{ relation: "self", url: self.toString() }];
  if (count > 0) {
    const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / count) * count;
    link.push({ relation: "first", url: pageUrl(self, 0, count) });
    if (offset > 0) link.push({ relation: "previous", url: pageUrl(self, Math.max(0, offset - count), count) });
    if (offset + count < total) link.push({ relation: "next", url: pageUrl(self, offset + count, count) });
    link.push({ relation: "last", url: pageUrl(self, lastOffset, count) });
  }
  const base = `${self.origin}/api/fhir`;
  return {
    resourceType: "Bundle",
    type: "searchset",
    total,
    link,
    ...(resources.length > 0
      ? {
          entry: resources.map((resource) => ({
            fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
            resource,
            search: { mode: "match" as const },
          })),
        }
      : {}),
  };
}

/** The issue type of each status, https://hl7.org/fhir/R4/valueset-issue-type.html */
const ISSUE_TYPES: Record<number, string> = {
  400: "invalid",
  401: "login",
  403: "forbidden",
  404: "not-found",
  405: "not-supported",
  406: "not-supported",
  413: "too-costly",
  429: "throttled",
  500: "exception",
  502: "transient",
  503: "transient",
};

/** FHIR's other formats, which this API does not write (XML, RDF Turtle, HTML): as a _format value or as the only types an Accept header takes. */
const OTHER_FORMAT =
  /^(?:xml|text\/xml|application\/xml|application\/fhir\+xml|ttl|turtle|text\/turtle|application\/fhir\+turtle|application\/x-turtle|html|text\/html|application\/xhtml\+xml)$/i;
const JSON_OR_ANY = /^(?:json|\*\/\*|application\/\*|application\/json|application\/fhir\+json|text\/json)$/i;
/** A media type with a fhirVersion parameter naming another FHIR release than R4 (4.0). */
const OTHER_VERSION = /;\s*fhirVersion\s*=\s*"?(?!4\.0(?:\.\d+)?"?\s*(?:;|$))/i;
const mediaTypes = (header: string) =>
  header
    .split(",")
    .map((part) => ({ type: part.split(";", 1)[0]!.trim(), otherVersion: OTHER_VERSION.test(part) }))
    .filter((media) => media.type !== "");

/**
 * FHIR's content negotiation (https://hl7.org/fhir/R4/http.html#mime-type): JSON of R4 only.
 * `_format` naming another format (XML, Turtle, HTML) or another FHIR version (fhirVersion=3.0),
 * or an Accept header all of whose types do, is a 406 rather than JSON the client did not ask
 * for; anything else gets JSON.
 */
export function negotiateFhirJson(request: Pick<Incoming, "headers" | "query">): void {
  const format = request.query().get("_format");
  const refused = (media: { type: string; otherVersion: boolean }) => OTHER_FORMAT.test(media.type) || media.otherVersion;
  const accepted = mediaTypes(request.headers.get("accept") ?? "");
  const otherOnly =
    accepted.length > 0 && accepted.some(refused) && !accepted.some((media) => JSON_OR_ANY.test(media.type) && !refused(media));
  if ((format !== null && mediaTypes(format).some(refused)) || otherOnly) {
    throw new ApiError(406, "This FHIR API answers FHIR R4 (4.0) JSON only (application/fhir+json): ask for _format=json or leave it out");
  }
}

/** handle()'s options for every FHIR route: content negotiation first, errors as OperationOutcome. */
export const FHIR_ROUTE = { renderError: operationOutcomeResponse, negotiate: negotiateFhirJson };

/** handle()'s error renderer for FHIR routes: the same status and headers, the message as an OperationOutcome. */
export function operationOutcomeResponse(
  status: number,
  body: { error: string; field?: string },
  headers: Record<string, string> = {},
): Response {
  const outcome: OperationOutcome = {
    resourceType: "OperationOutcome",
    issue: [
      {
        severity: "error",
        code: (ISSUE_TYPES[status] ?? (status >= 500 ? "exception" : "processing")) as "invalid",
        diagnostics: body.error,
        ...(body.field ? { expression: [body.field] } : {}),
      },
    ],
  };
  return Response.json(outcome, { status, headers: { ...headers, "content-type": FHIR_JSON } });
}
