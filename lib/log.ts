// Structured JSON logs. Never pass bodies, names, e-mails, tokens, codes or transcripts.
// Lines go to stdout through an asynchronous destination: a request's line is queued, not
// written before its answer, and lines queued while a write is under way leave together (a
// synchronous write per line was an eighth of a lookup's CPU). pino flushes what is queued when
// the process exits (process.exit included); a SIGKILL loses what was queued, at most the last
// few milliseconds' lines.
import pino from "pino";

const holder = globalThis as unknown as { __handLogger?: pino.Logger };

function create(): pino.Logger {
  const level = process.env.LOG_LEVEL || "info";
  const pretty = process.env.NODE_ENV === "development" && !process.env.LOG_JSON;
  const options: pino.LoggerOptions = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

export const logger: pino.Logger = (holder.__handLogger ??= create());
