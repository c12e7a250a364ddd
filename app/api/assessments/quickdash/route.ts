import { handle } from "@/lib/http/route";
import { quickdash } from "@/lib/assessments/kinds/quickdash";
import { quickdashSubmission } from "@/lib/assessments/kinds/quickdash-contract";
import { submitKind } from "@/lib/assessments/submit";

const { endpoint, build } = quickdashSubmission;

export const POST = handle(endpoint, async ({ body, user }) => submitKind(quickdash.stored, build, body, user));
