import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { wristRotationNeutralEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(wristRotationNeutralEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(wristRotationNeutralEndpoint.upstream, rawBody, requestId),
);
