// Calls to the app's API as a client app would make them (for arranging scenarios).
export async function api<T = Record<string, unknown>>(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface Created {
  id: number;
  code: string;
  formattedCode: string;
}

export const romResult = (overallScore: number) => ({
  hand: "RIGHT",
  overallScore,
  wristScore: Math.min(100, overallScore + 6),
  fingerScore: Math.max(0, overallScore - 8),
  lightingQuality: "GOOD",
  wrist: { max_extension_deg: 58, max_flexion_deg: 66, avg_extension_deg: 51, avg_flexion_deg: 60 },
});

export const dexterityResult = {
  hand: "LEFT",
  duration: 20,
  overallScore: 71,
  speedScore: 68,
  touchPrecision: 82,
  consistencyScore: 64,
  cycleCount: 12,
  totalTouches: 48,
  sequencesCompleted: 11,
  averageFrequency: 2.4,
};

export const painResult = {
  mode: "DETAILED",
  hand: "RIGHT",
  painType: "DULL_ACHING",
  timeOfDay: "MORNING",
  entries: [
    { areaType: "DIGIT_JOINT", hand: "RIGHT", digit: "INDEX", location: "PIP", severity: 4 },
    { areaType: "WRIST", hand: "RIGHT", severity: 2 },
  ],
  strategies: ["ICE", "REST"],
  medications: [{ medicationName: "Ibuprofen", dose: "200 mg" }],
};

export const arthritisResult = {
  hand: "BOTH",
  morningStiffnessDuration: "MIN_15_TO_30",
  compositeScore: 62,
  progressionLevel: 2,
  patternType: "OA_PATTERN",
  romDeficitScore: 58,
  painBurdenScore: 55,
  functionalScore: 70,
  stiffnessScore: 60,
  affectedJointCount: 3,
  clinicalFlags: ["HEBERDEN_NODES", "MORNING_STIFFNESS"],
};
