import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { thumbCircumductionEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(thumbCircumductionEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(thumbCircumductionEndpoint.upstream, rawBody, requestId),
);
