import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { thumbExtensionFlexionEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(thumbExtensionFlexionEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(thumbExtensionFlexionEndpoint.upstream, rawBody, requestId),
);
