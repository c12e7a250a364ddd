// Forwards a landmark-frame body to the analysis service and hands its JSON back unchanged.
// Every way the upstream can fail (not configured, unreachable, slow, error, non-JSON) is a
// 502 with a sentence saying which; never a hang and never a 500.
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const upstreamFailure = (message: string) => new ApiError(502, message);

/**
 * The upstream's JSON text and status; throws ApiError 502 on any failure. The bytes the client
 * sent are forwarded, not a re-serialization: "unchanged" means unchanged.
 */
export async function forwardToAnalysis(upstreamPath: string, rawBody: string, requestId: string): Promise<Response> {
  const body = rawBody.trim() === "" ? "{}" : rawBody;
  const { PYTHON_API_URL, BIOMECHANICS_TIMEOUT_MS } = env();
  if (!PYTHON_API_URL) throw upstreamFailure("Biomechanics analysis service is not configured");
  const url = PYTHON_API_URL.replace(/\/+$/, "") + upstreamPath;
  const seconds = Math.round(BIOMECHANICS_TIMEOUT_MS / 100) / 10;

  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-request-id": requestId },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(BIOMECHANICS_TIMEOUT_MS),
    });
    status = response.status;
    // The timeout covers reading the body too: a trickling upstream is as slow as a silent one.
    text = await response.text();
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    logger.warn({ reqId: requestId, upstream: upstreamPath, err: (error as Error).name }, "biomechanics upstream failed");
    throw upstreamFailure(
      timedOut ? `Biomechanics analysis service did not answer within ${seconds} s` : "Biomechanics analysis service is unreachable",
    );
  }

  if (status < 200 || status > 299) {
    logger.warn({ reqId: requestId, upstream: upstreamPath, status }, "biomechanics upstream answered an error");
    throw upstreamFailure(`Biomechanics analysis service answered ${status}`);
  }
  try {
    JSON.parse(text);
  } catch {
    logger.warn({ reqId: requestId, upstream: upstreamPath, status }, "biomechanics upstream answered non-JSON");
    throw upstreamFailure("Biomechanics analysis service answered something other than JSON");
  }
  return new Response(text, { status, headers: { "content-type": "application/json" } });
}
