import { handle } from "@/lib/http/route";
import { dexterity } from "@/lib/assessments/kinds/dexterity";
import { dexterityContract } from "@/lib/assessments/kinds/dexterity-contract";
import { idempotencyKeyOf, submitKind } from "@/lib/assessments/submit";

const { submission } = dexterityContract;

export const POST = handle(submission.endpoint, async ({ body, user, headers }) =>
  submitKind(dexterity.stored, submission, body, user, { idempotencyKey: idempotencyKeyOf(headers) }),
);
