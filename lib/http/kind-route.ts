// The route of a kind submitted to its own path. Every such route file under
// app/api/assessments is the one line `export const POST = submissionRoute("<its path>")`,
// written by scripts/kinds.ts from the registry, so adding a kind writes no route by hand.
import { KINDS, type Kind } from "@/lib/assessments/kinds";
import { KIND_CONTRACTS } from "@/lib/assessments/kinds/contracts";
import type { KindContract, KindSubmission } from "@/lib/assessments/kinds/kind";
import { idempotencyKeyOf, submitKind } from "@/lib/assessments/submit";
import { handle, type RouteHandler } from "@/lib/http/route";

/** Every kind submitted to its own path, by that path (the contract's, without /api). */
const SUBMITTED = new Map<string, { type: Kind; submission: KindSubmission }>(
  (Object.entries(KIND_CONTRACTS) as [Kind, KindContract][]).flatMap(([type, { submission }]) =>
    submission ? [[submission.endpoint.path, { type, submission }]] : [],
  ),
);

/** POST for the submission contract of the kind at `path`: validate, score, store, answer the kind's reply. */
export function submissionRoute(path: string): RouteHandler {
  const kind = SUBMITTED.get(path);
  if (!kind) throw new Error(`no kind is submitted to ${path}`);
  const { type, submission } = kind;
  return handle(submission.endpoint, async ({ body, user, headers }) =>
    submitKind(KINDS[type].stored, submission, body as never, user, { idempotencyKey: idempotencyKeyOf(headers) }),
  );
}

/** The route file of every kind submitted to its own path, and its one line: what scripts/kinds.ts writes. */
export function kindRouteFiles(): { type: Kind; file: string; source: string }[] {
  return [...SUBMITTED].map(([path, { type }]) => ({
    type,
    file: `app/api${path}/route.ts`,
    source: `import { submissionRoute } from "@/lib/http/kind-route";\n\nexport const POST = submissionRoute("${path}");\n`,
  }));
}
