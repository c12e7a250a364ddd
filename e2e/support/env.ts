// Where the e2e run's servers listen (the configuration and the tests agree through these).
export const APP_PORT = Number(process.env.E2E_APP_PORT || 39171);
export const DEV_APP_PORT = Number(process.env.E2E_DEV_APP_PORT || 39172);
export const IDP_PORT = Number(process.env.E2E_IDP_PORT || 39173);

/** The app with the identity provider (the main run). */
export const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;
/** The same build in development auth mode (no identity provider). */
export const DEV_APP_ORIGIN = `http://127.0.0.1:${DEV_APP_PORT}`;
export const IDP_ORIGIN = `http://127.0.0.1:${IDP_PORT}`;
/** A server of its own on PostgreSQL behind a proxy the outage scenario cuts. */
export const OUTAGE_APP_PORT = Number(process.env.E2E_OUTAGE_APP_PORT || 39174);
/**
 * A server of its own with a Resend stand-in: the reminders scenario's (with the reminder job's
 * test clock), then the clinic-invitation scenario's (signing in through the provider). One
 * worker runs the files one after the other, each stopping its server when done.
 */
export const REMINDERS_APP_PORT = Number(process.env.E2E_REMINDERS_APP_PORT || 39175);
export const MAIL_APP_ORIGIN = `http://127.0.0.1:${REMINDERS_APP_PORT}`;
