import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { thumbAbductionEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(thumbAbductionEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(thumbAbductionEndpoint.upstream, rawBody, requestId),
);
