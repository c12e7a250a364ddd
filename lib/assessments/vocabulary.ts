// Every label table: the spec's words for numbers ("Scores and units") and the names people read
// for the stored vocabularies (hands, patterns, areas, journal entries); each assessment kind's own
// names are in its module (lib/assessments/kinds). Shared
// by the API's summaries, the PDF, the explanation, the narratives, FHIR, the voice assistant and
// the pages. No server imports: pages use it in the browser too.
/** Pain severity 0-10. */
export const PAIN_LABELS = [
  "No pain",
  "Minimal",
  "Mild",
  "Uncomfortable",
  "Moderate",
  "Distracting",
  "Distressing",
  "Unmanageable",
  "Intense",
  "Severe",
  "Worst possible",
] as const;

/** Arthritis progression level 0-4. */
export const PROGRESSION_LEVELS = ["No Concerns", "Minimal", "Moderate", "Significant", "Severe"] as const;

export const HAND_NAMES: Record<string, string> = { LEFT: "Left hand", RIGHT: "Right hand", BOTH: "Both hands" };

export const ARTHRITIS_PATTERN_NAMES: Record<string, string> = {
  UNDETERMINED: "Undetermined",
  OA_PATTERN: "OA pattern",
  RA_PATTERN: "RA pattern",
  MIXED: "Mixed OA/RA",
};

/** The patterns in one-line summaries ("Arthritis 64/100 · Moderate · OA pattern"); UNDETERMINED says nothing. */
export const ARTHRITIS_PATTERN_SUMMARY: Record<string, string> = {
  OA_PATTERN: "OA pattern",
  RA_PATTERN: "RA pattern",
  MIXED: "mixed pattern",
};

export const PAIN_AREA_NAMES: Record<string, string> = {
  DIGIT_JOINT: "finger joint",
  PALM: "palm",
  DORSAL: "back of hand",
  WRIST: "wrist",
};

/** When a journal entry was written, as a phrase ("…, at a check-in"). */
export const JOURNAL_ENTRY_MOMENTS: Record<string, string> = {
  PRE_ASSESSMENT: "before an assessment",
  POST_ASSESSMENT: "after an assessment",
  AD_HOC_CHECK_IN: "at a check-in",
  INITIAL_INTAKE: "at intake",
};

/** Arthritis clinical flags as people read them; a token not listed reads as words ("Possible …" for `…_POSSIBLE`). */
export const CLINICAL_FLAG_NAMES: Record<string, string> = {
  HEBERDEN_NODES: "Heberden's nodes",
  HEBERDEN_NODES_POSSIBLE: "Possible Heberden's nodes",
  BOUCHARD_NODES: "Bouchard's nodes",
  BOUCHARD_NODES_POSSIBLE: "Possible Bouchard's nodes",
  MORNING_STIFFNESS: "Morning stiffness",
  PROLONGED_MORNING_STIFFNESS: "Morning stiffness over an hour",
  SYMMETRIC_INVOLVEMENT: "Both hands affected alike",
  MCP_INVOLVEMENT: "Knuckle (MCP) joints affected",
  CMC_INVOLVEMENT: "Thumb base (CMC) joint affected",
  JOINT_SWELLING: "Joint swelling",
  JOINT_WARMTH: "Warm joints",
  FAMILY_HISTORY: "Family history of arthritis",
  RA_PATTERN_POSSIBLE: "Possible rheumatoid pattern",
  OA_PATTERN_POSSIBLE: "Possible osteoarthritis pattern",
};

/** Spec, "Scores and units": reference ranges of the wrist when scoring, degrees. */
export const WRIST_REFERENCE_RANGES = { extension: [0, 70], flexion: [0, 80] } as const;
