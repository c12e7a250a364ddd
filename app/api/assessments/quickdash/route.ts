import { handle } from "@/lib/http/route";
import { quickdash } from "@/lib/assessments/kinds/quickdash";
import { submitKind } from "@/lib/assessments/submit";

const { endpoint, build } = quickdash.submission;

export const POST = handle(endpoint, async ({ body, user }) => submitKind(quickdash.stored, build, body, user));
