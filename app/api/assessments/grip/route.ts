import { handle } from "@/lib/http/route";
import { grip } from "@/lib/assessments/kinds/grip";
import { gripContract } from "@/lib/assessments/kinds/grip-contract";
import { idempotencyKeyOf, submitKind } from "@/lib/assessments/submit";

const { submission } = gripContract;

export const POST = handle(submission.endpoint, async ({ body, user, headers }) =>
  submitKind(grip.stored, submission, body, user, { idempotencyKey: idempotencyKeyOf(headers) }),
);
