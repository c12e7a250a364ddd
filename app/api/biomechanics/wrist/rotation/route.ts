import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { wristRotationEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(wristRotationEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(wristRotationEndpoint.upstream, rawBody, requestId),
);
