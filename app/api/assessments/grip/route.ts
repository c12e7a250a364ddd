import { handle } from "@/lib/http/route";
import { grip } from "@/lib/assessments/kinds/grip";
import { gripContract } from "@/lib/assessments/kinds/grip-contract";
import { submitKind } from "@/lib/assessments/submit";

const { submission } = gripContract;

export const POST = handle(submission.endpoint, async ({ body, user }) => submitKind(grip.stored, submission, body, user));
