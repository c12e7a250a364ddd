import assert from "node:assert/strict";
import { test } from "node:test";
import { LIMIT_DESCRIPTIONS } from "@/lib/api/limits";

// The API reference's 429 lists these: each must name what is counted and the setting that sizes it.
test("each limit kind's description names what it counts and the variable that sets its allowance", () => {
  assert.deepEqual(LIMIT_DESCRIPTIONS, {
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
  });
});
