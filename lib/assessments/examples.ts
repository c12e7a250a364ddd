// Example submissions of each type, every input field filled: the API reference shows them,
// and tests submit them.

export const romBody = {
  hand: "LEFT",
  overallScore: 72,
  wristScore: 80,
  fingerScore: 65,
  lightingQuality: "GOOD",
  lightingMetrics: { meanY: 120.5, stdY: 30.25 },
  wrist: {
    unsigned_rom_deg: 130,
    max_extension_deg: 60,
    min_extension_deg: 2,
    avg_extension_deg: 40,
    max_flexion_deg: 70,
    min_flexion_deg: 5,
    avg_flexion_deg: 45,
    frames_total: 300,
    frames_valid: 280,
    percent_valid_frames: 93.3,
  },
  joints: [
    { id: "index_mcp", finger: "INDEX", jointType: "MCP", minAngle: 3, maxAngle: 85, avgAngle: 40, rom: 82, normalRange: [0, 90], flexibilityScore: 91, frameCount: 280 },
    { id: "index_pip", finger: "INDEX", jointType: "PIP", minAngle: 1, maxAngle: 95, avgAngle: 50, rom: 94, normalRange: [0, 100], flexibilityScore: 94, frameCount: 279 },
  ],
};

export const dexterityBody = {
  hand: "RIGHT",
  duration: 30,
  overallScore: 81,
  speedScore: 75,
  consistencyScore: 88,
  cycleCount: 12,
  totalTouches: 48,
  accuracyScore: 90,
  sequencesCompleted: 11,
  timeTo10Sequences: 24.5,
  averageFrequency: 1.6,
  sequenceAccuracy: 92,
  fingerScores: {
    index: { finger: "INDEX", accuracy: 95, consistency: 90, score: 92, touchCount: 12 },
    middle: { finger: "MIDDLE", accuracy: 85, consistency: 80, score: 83, touchCount: 12 },
  },
  lightingQuality: "FAIR",
};

export const painBody = {
  mode: "DETAILED",
  hand: "BOTH",
  painType: "DULL_ACHING",
  timeOfDay: "MORNING",
  entries: [
    { areaType: "DIGIT_JOINT", hand: "LEFT", digit: "INDEX", location: "PIP", severity: 6 },
    { areaType: "WRIST", hand: "RIGHT", severity: 3 },
  ],
  medications: [{ medicationName: "Ibuprofen", dose: "200 mg", effectivenessRating: 7 }],
  strategies: ["ICE", "REST"],
  comments: "worse after typing",
};

export const arthritisBody = {
  hand: "BOTH",
  morningStiffnessDuration: "MIN_15_TO_30",
  morningStiffnessSeverity: 5,
  functionalLimitations: [{ task: "OPENING_JAR", difficulty: "MODERATE" }],
  jointSymptoms: [{ id: "index_pip_left", digit: "INDEX", location: "PIP", tenderness: true, swelling: false, warmth: false, crepitus: true }],
  symptomSymmetry: "BOTH_SYMMETRIC",
  symptomOnset: "GRADUAL_YEARS",
  familyHistoryArthritis: true,
  compositeScore: 64.5,
  progressionLevel: 2,
  patternType: "OA_PATTERN",
  romDeficitScore: 30,
  painBurdenScore: 40,
  functionalScore: 55,
  stiffnessScore: 45,
  affectedJointCount: 3,
  jointHealthMap: [{ digit: "INDEX", location: "PIP", healthScore: 60, romScore: 70, painScore: 50, hasSymptoms: true, flags: ["nodes"] }],
  clinicalFlags: ["bilateral involvement"],
  recommendation: "Discuss with a hand therapist",
  sourceRomAssessmentId: 1,
  sourceDexterityAssessmentId: 2,
  sourcePainSessionId: 3,
};
