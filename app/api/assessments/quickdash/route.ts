import { handle } from "@/lib/http/route";
import { quickdash } from "@/lib/assessments/kinds/quickdash";
import { quickdashContract } from "@/lib/assessments/kinds/quickdash-contract";
import { idempotencyKeyOf, submitKind } from "@/lib/assessments/submit";

const { submission } = quickdashContract;

export const POST = handle(submission.endpoint, async ({ body, user, headers }) =>
  submitKind(quickdash.stored, submission, body, user, { idempotencyKey: idempotencyKeyOf(headers) }),
);
