import { handle } from "@/lib/http/route";
import { rom } from "@/lib/assessments/kinds/rom";
import { romContract } from "@/lib/assessments/kinds/rom-contract";
import { idempotencyKeyOf, submitKind } from "@/lib/assessments/submit";

const { submission } = romContract;

export const POST = handle(submission.endpoint, async ({ body, user, headers }) =>
  submitKind(rom.stored, submission, body, user, { idempotencyKey: idempotencyKeyOf(headers) }),
);
