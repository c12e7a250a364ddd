import { handle } from "@/lib/http/route";
import { arthritis } from "@/lib/assessments/kinds/arthritis";
import { arthritisContract } from "@/lib/assessments/kinds/arthritis-contract";
import { submitKind } from "@/lib/assessments/submit";

const { submission } = arthritisContract;

export const POST = handle(submission.endpoint, async ({ body, user }) => submitKind(arthritis.stored, submission, body, user));
