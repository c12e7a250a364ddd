// The biomechanics proxy: one contract per path of the specification's table, naming the
// analysis service's path (request and response bodies are the upstream's, opaque here). Each has
// its route file under app/api/biomechanics.
import { z } from "zod";
import { endpoint, type Endpoint } from "@/lib/api/endpoint";

/** Landmark frames are large: a few seconds of 21-point hands at 30 fps. */
export const BIOMECHANICS_MAX_BODY_BYTES = 8 * 1024 * 1024;

const landmarkPayload = z.unknown().describe("Landmark-frame payload, forwarded unchanged; its fields are owned by the analysis service");
/** A shape such a payload may take (two frames of MediaPipe's 21 hand landmarks, cut to three here). */
const landmarkExample = {
  fps: 30,
  hand: "RIGHT",
  frames: [
    {
      t: 0,
      landmarks: [
        [0.51, 0.62, 0],
        [0.55, 0.58, -0.01],
        [0.58, 0.53, -0.02],
      ],
    },
    {
      t: 33,
      landmarks: [
        [0.51, 0.61, 0],
        [0.55, 0.57, -0.01],
        [0.59, 0.52, -0.02],
      ],
    },
  ],
};
const analysisResult = z.unknown().describe("The analysis service's JSON answer, returned unchanged");

export interface BiomechanicsEndpoint extends Endpoint {
  /** Path on the analysis service, appended to PYTHON_API_URL. */
  upstream: string;
}

function proxy(operationId: string, path: string, upstream: string, summary: string): BiomechanicsEndpoint {
  return {
    ...endpoint({
      method: "POST",
      path,
      operationId,
      requestExample: landmarkExample,
      summary,
      tag: "Biomechanics",
      auth: "none",
      body: landmarkPayload,
      maxBodyBytes: BIOMECHANICS_MAX_BODY_BYTES,
      // Every call costs the analysis service real work: anonymous, but metered.
      limits: ["compute"],
      responses: [
        { status: 200, description: `The analysis service's JSON from ${upstream}, unchanged`, schema: analysisResult },
        // The upstream's 2xx status is passed on; these are the ones an analysis service answers.
        { status: 201, description: "The analysis service answered 201: its JSON, unchanged", schema: analysisResult },
        { status: 202, description: "The analysis service answered 202: its JSON, unchanged", schema: analysisResult },
        { status: 400, description: "Body is not valid JSON" },
        { status: 413, description: "Body over 8 MiB" },
        { status: 502, description: "Analysis service not configured, unreachable, too slow, or answered an error or non-JSON" },
      ],
    }),
    upstream,
  };
}

export const wristDeviationEndpoint = proxy(
  "analyzeWristDeviation",
  "/biomechanics/wrist/deviation",
  "/v1/wrist/deviation",
  "Wrist radial/ulnar deviation from landmark frames",
);
export const wristDeviationNeutralEndpoint = proxy(
  "calibrateWristDeviationNeutralPose",
  "/biomechanics/wrist/deviation/neutral-pose",
  "/v1/wrist/deviation/neutral-pose",
  "Neutral pose for wrist deviation",
);
export const wristExtensionFlexionEndpoint = proxy(
  "analyzeWristExtensionFlexion",
  "/biomechanics/wrist/extension-flexion",
  "/v1/wrist/extensionflexion",
  "Wrist extension and flexion from landmark frames",
);
export const wristExtensionFlexionNeutralEndpoint = proxy(
  "calibrateWristExtensionFlexionNeutralPose",
  "/biomechanics/wrist/extension-flexion/neutral-pose",
  "/v1/wrist/extensionflexion/neutral-pose",
  "Neutral pose for wrist extension and flexion",
);
export const wristRotationEndpoint = proxy(
  "analyzeWristRotation",
  "/biomechanics/wrist/rotation",
  "/v1/wrist/rotation",
  "Wrist rotation (pronation/supination) from landmark frames",
);
export const wristRotationNeutralEndpoint = proxy(
  "calibrateWristRotationNeutralPose",
  "/biomechanics/wrist/rotation/neutral-pose",
  "/v1/wrist/rotation/neutral-pose",
  "Neutral pose for wrist rotation",
);
export const thumbAbductionEndpoint = proxy(
  "analyzeThumbAbduction",
  "/biomechanics/thumb/abduction",
  "/v1/thumb/abduction",
  "Thumb abduction from landmark frames",
);
export const thumbCircumductionEndpoint = proxy(
  "analyzeThumbCircumduction",
  "/biomechanics/thumb/circumduction",
  "/v1/thumb/circumduction",
  "Thumb circumduction from landmark frames",
);
export const thumbExtensionFlexionEndpoint = proxy(
  "analyzeThumbExtensionFlexion",
  "/biomechanics/thumb/extension-flexion",
  "/v1/thumb/extensionflexion",
  "Thumb extension and flexion from landmark frames",
);
