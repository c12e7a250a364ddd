/** The intervals a patient or their clinician may choose, in weeks (no imports: the web app's card uses it too). */
export const REMINDER_INTERVALS = [1, 2, 4] as const;
export type ReminderInterval = (typeof REMINDER_INTERVALS)[number];
