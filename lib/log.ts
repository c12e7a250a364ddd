// Structured JSON logs. Never pass bodies, names, e-mails, tokens, codes or transcripts.
import pino from "pino";

const holder = globalThis as unknown as { __handLogger?: pino.Logger };

function create(): pino.Logger {
  const level = process.env.LOG_LEVEL || "info";
  const pretty = process.env.NODE_ENV === "development" && !process.env.LOG_JSON;
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}

export const logger: pino.Logger = (holder.__handLogger ??= create());
