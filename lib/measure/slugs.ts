/** The questionnaires the browser can ask, by their page's name (/measure/<slug>): what MEASURE_OFF may name. */
export const QUESTIONNAIRE_SLUGS = ["quickdash"] as const;

export type QuestionnaireSlug = (typeof QUESTIONNAIRE_SLUGS)[number];
