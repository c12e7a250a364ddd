import { handle } from "@/lib/http/route";
import { forwardToAnalysis } from "@/lib/biomechanics/proxy";
import { wristDeviationEndpoint } from "@/lib/biomechanics/schemas";

export const POST = handle(wristDeviationEndpoint, async ({ rawBody, requestId }) =>
  forwardToAnalysis(wristDeviationEndpoint.upstream, rawBody, requestId),
);
