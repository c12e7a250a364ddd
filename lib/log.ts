// Structured JSON logs. Never pass bodies, names, e-mails, tokens, codes or transcripts.
// Lines go to stdout in batches: the lines of one turn of the event loop are written together,
// asynchronously, once that turn ends (a synchronous write per line was an eighth of a lookup's
// CPU; under load one write now carries many requests' lines). What is queued is written
// synchronously when the process exits (process.exit included); a SIGKILL loses it, at most
// the last turn's lines and one write in flight.
import pino from "pino";

const holder = globalThis as unknown as { __handLogger?: pino.Logger };

function create(): pino.Logger {
  const level = process.env.LOG_LEVEL || "info";
  const pretty = process.env.NODE_ENV === "development" && !process.env.LOG_JSON;
  const options: pino.LoggerOptions = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  return pino(options, batched());
}

/** A stream that gathers the lines of one event-loop turn and hands them to an async stdout writer at its end. */
function batched(): pino.DestinationStream & { flush(): void } {
  let pending = "";
  const drain = () => {
    if (pending === "") return;
    destination.write(pending);
    pending = "";
  };
  // Registered before pino's own exit hook (made with the destination), which writes out synchronously what it holds.
  process.on("exit", drain);
  const destination = pino.destination({ dest: 1, sync: false });
  return {
    write(line: string) {
      if (pending === "") setImmediate(drain);
      pending += line;
    },
    flush() {
      drain();
      destination.flush();
    },
  };
}

export const logger: pino.Logger = (holder.__handLogger ??= create());
