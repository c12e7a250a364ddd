import { handle } from "@/lib/http/route";
import { codeKind } from "@/lib/lookup";
import { codeKindEndpoint } from "@/lib/lookup/schemas";

export const GET = handle(codeKindEndpoint, async ({ params }) => codeKind(params.code));
