import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { wristExtensionFlexionEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(wristExtensionFlexionEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(wristExtensionFlexionEndpoint.upstream, rawBody, requestId),
);
