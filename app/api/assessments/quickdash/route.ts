import { handle } from "@/lib/http/route";
import { quickdash } from "@/lib/assessments/kinds/quickdash";
import { quickdashContract } from "@/lib/assessments/kinds/quickdash-contract";
import { submitKind } from "@/lib/assessments/submit";

const { submission } = quickdashContract;

export const POST = handle(submission.endpoint, async ({ body, user }) => submitKind(quickdash.stored, submission, body, user));
