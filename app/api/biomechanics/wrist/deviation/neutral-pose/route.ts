import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { wristDeviationNeutralEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(wristDeviationNeutralEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(wristDeviationNeutralEndpoint.upstream, rawBody, requestId),
);
