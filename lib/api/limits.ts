// The kinds of abuse limit a route can spend (lib/rate-limit counts them): a contract declares
// them (lib/api/endpoint.ts) and the API reference describes them in the route's 429. A caller is
// a signed-in user (its token's subject) or, without a token, a client (an IPv4 address or an
// IPv6 /64); docs/security.md has the details.

/** What a route spends; declared on its contract (lib/api/endpoint.ts) and listed in its 429. */
export type LimitKind =
  "code" | "codes" | "anonymous-write" | "write" | "mail" | "ai" | "compute" | "pdf" | "bulk-export" | "bulk-download" | "patient-report";

export const LIMIT_DESCRIPTIONS: Record<LimitKind, string> = {
  code: "a code lookup per request; an unknown code is also a miss (too many misses block the caller for an hour, and an IPv6 /48's misses are counted together too)",
  codes: "one code lookup per listed code; each unknown code is also a miss",
  "anonymous-write": "without a token: a creation (RATE_LIMIT_WRITES_PER_MINUTE per client)",
  write: "a creation (RATE_LIMIT_WRITES_PER_MINUTE per caller)",
  mail: "an e-mail (per caller per hour, per recipient per day, and overall per hour)",
  ai: "a model or speech call (RATE_LIMIT_AI_PER_MINUTE per caller)",
  compute: "an expensive computation: a biomechanics analysis, a FHIR search or export (RATE_LIMIT_COMPUTE_PER_MINUTE per caller)",
  pdf: "a PDF of a report, downloaded or e-mailed (RATE_LIMIT_PDF_PER_MINUTE per caller)",
  "bulk-export": "a bulk export kick-off (BULK_EXPORT_KICKOFFS_PER_DAY per caller)",
  "bulk-download": "a bulk export file download (BULK_EXPORT_DOWNLOADS_PER_HOUR per caller)",
  "patient-report": "a report made for a patient (PATIENT_REPORTS_PER_DAY per caller)",
};
