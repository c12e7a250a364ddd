import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { wristExtensionFlexionNeutralEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(wristExtensionFlexionNeutralEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(wristExtensionFlexionNeutralEndpoint.upstream, rawBody, requestId),
);
