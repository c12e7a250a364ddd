import { handle } from "@/lib/http/route";
import { arthritis } from "@/lib/assessments/kinds/arthritis";
import { arthritisContract } from "@/lib/assessments/kinds/arthritis-contract";
import { idempotencyKeyOf, submitKind } from "@/lib/assessments/submit";

const { submission } = arthritisContract;

export const POST = handle(submission.endpoint, async ({ body, user, headers }) =>
  submitKind(arthritis.stored, submission, body, user, { idempotencyKey: idempotencyKeyOf(headers) }),
);
