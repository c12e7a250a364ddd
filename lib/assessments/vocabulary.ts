// The spec's words for numbers ("Scores and units"), shared by the API's summaries, the PDF,
// the explanation template and the pages. No server imports: pages use it in the browser too.

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
