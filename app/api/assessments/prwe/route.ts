import { handle } from "@/lib/http/route";
import { prwe } from "@/lib/assessments/kinds/prwe";
import { prweContract } from "@/lib/assessments/kinds/prwe-contract";
import { idempotencyKeyOf, submitKind } from "@/lib/assessments/submit";

const { submission } = prweContract;

export const POST = handle(submission.endpoint, async ({ body, user, headers }) =>
  submitKind(prwe.stored, submission, body, user, { idempotencyKey: idempotencyKeyOf(headers) }),
);
