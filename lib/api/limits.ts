// The kinds of abuse limit a route can spend (lib/rate-limit counts them): a contract declares
// them (lib/api/endpoint.ts) and the API reference describes them in the route's 429.

/** What a route spends; declared on its contract (lib/api/endpoint.ts) and listed in its 429. */
export type LimitKind = "code" | "codes" | "anonymous-write" | "write" | "mail" | "ai" | "compute" | "pdf";

export const LIMIT_DESCRIPTIONS: Record<LimitKind, string> = {
  code: "a code lookup per request; an unknown code is also a miss (too many misses block the address for an hour)",
  codes: "one code lookup per listed code; each unknown code is also a miss",
  "anonymous-write": "without a token: a creation (RATE_LIMIT_WRITES_PER_MINUTE per address)",
  write: "a creation (RATE_LIMIT_WRITES_PER_MINUTE per address)",
  mail: "an e-mail (per address per hour, per recipient per day, and overall per hour)",
  ai: "a model or speech call (RATE_LIMIT_AI_PER_MINUTE per address)",
  compute: "an expensive computation: a biomechanics analysis, a FHIR search or export (RATE_LIMIT_COMPUTE_PER_MINUTE per address)",
  pdf: "a PDF of a report, downloaded or e-mailed (RATE_LIMIT_PDF_PER_MINUTE per address)",
};
