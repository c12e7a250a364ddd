import { handle } from "@/lib/http/route";
import { pain } from "@/lib/assessments/kinds/pain";
import { painContract } from "@/lib/assessments/kinds/pain-contract";
import { idempotencyKeyOf, submitKind } from "@/lib/assessments/submit";

const { submission } = painContract;

export const POST = handle(submission.endpoint, async ({ body, user, headers }) =>
  submitKind(pain.stored, submission, body, user, { idempotencyKey: idempotencyKeyOf(headers) }),
);
