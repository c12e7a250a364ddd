// FHIR's envelopes: the searchset Bundle with its paging links, the OperationOutcome every error
// becomes, and the application/fhir+json answer.
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import type { Bundle, BundleLink, OperationOutcome, Resource } from "@medplum/fhirtypes";

export const FHIR_JSON = "application/fhir+json; charset=utf-8";

/** Answers at least this large are gzipped for clients that accept it. */
const COMPRESS_FROM_BYTES = 32 * 1024;
const gzipAsync = promisify(gzip);

/**
 * A resource as the answer, with FHIR's media type. A large one (a $everything page is about
 * 16 MiB for a thousand assessments) is gzipped when the client accepts gzip: compressing takes
 * less time than writing and reading the plain text, and runs off the event loop.
 */
export async function fhirReply(resource: Resource, request: Request): Promise<Response> {
  const body = JSON.stringify(resource);
  if (body.length < COMPRESS_FROM_BYTES || !/\bgzip\b/i.test(request.headers.get("accept-encoding") ?? "")) {
    return new Response(body, { headers: { "content-type": FHIR_JSON } });
  }
  const compressed = await gzipAsync(body, { level: constants.Z_BEST_SPEED });
  return new Response(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength), {
    headers: { "content-type": FHIR_JSON, "content-encoding": "gzip", vary: "accept-encoding" },
  });
}

export interface Page {
  offset: number;
  count: number;
}

/** The search's own URL with another page: the same parameters, _offset and _count set. */
function pageUrl(request: URL, offset: number, count: number): string {
  const url = new URL(request);
  url.searchParams.set("_offset", String(offset));
  url.searchParams.set("_count", String(count));
  return url.toString();
}

/**
 * A searchset Bundle of one page of `total` matches. Links: self, first, previous and next when
 * there are such pages, last. `request` is the URL the caller used, so links work for it.
 */
export function searchset(resources: Resource[], total: number, page: Page, request: URL): Bundle {
  const { offset, count } = page;
  const link: BundleLink[] = [{ relation: "self", url: request.toString() }];
  if (count > 0) {
    const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / count) * count;
    link.push({ relation: "first", url: pageUrl(request, 0, count) });
    if (offset > 0) link.push({ relation: "previous", url: pageUrl(request, Math.max(0, offset - count), count) });
    if (offset + count < total) link.push({ relation: "next", url: pageUrl(request, offset + count, count) });
    link.push({ relation: "last", url: pageUrl(request, lastOffset, count) });
  }
  const base = `${request.origin}/api/fhir`;
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
  413: "too-costly",
  429: "throttled",
  500: "exception",
  502: "transient",
  503: "transient",
};

/** handle()'s options for every FHIR route: errors as OperationOutcome. */
export const FHIR_ROUTE = { renderError: operationOutcomeResponse };

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
