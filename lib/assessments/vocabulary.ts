// Every label table: the spec's words for numbers ("Scores and units") and the names people read
// for the stored vocabularies (hands, patterns, journal entries); each assessment kind's own
// names are in its module (lib/assessments/kinds), and what the pages and the PDF print in the
// reader's language (pain areas, clinical flags too) in the catalogue's "view" tables. Shared
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

/** Spec, "Scores and units": reference ranges of the wrist when scoring, degrees. */
export const WRIST_REFERENCE_RANGES = { extension: [0, 70], flexion: [0, 80] } as const;
