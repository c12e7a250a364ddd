// Structured JSON logs. Never pass bodies, names, e-mails, tokens, codes or transcripts.
// Lines go to stdout in batches: the lines of FLUSH_MS are written together, asynchronously
// (a synchronous write per line was an eighth of a lookup's CPU, and a write per event-loop turn
// was still about one per request: a twentieth of a submission's CPU). What is queued is written
// synchronously when the process exits (process.exit included): an asynchronous write handed to
// libuv's worker threads at exit was sometimes never made (about 1 process in 100 on a loaded
// machine). A SIGKILL loses the last FLUSH_MS of lines, and a write already in flight at exit may
// be lost with it.
import pino from "pino";

const holder = globalThis as unknown as { __handLogger?: pino.Logger };

function create(): pino.Logger {
  const level = process.env.LOG_LEVEL || "info";
  const pretty = process.env.NODE_ENV === "development" && !process.env.LOG_JSON;
  const options: pino.LoggerOptions = { level, base: undefined, timestamp: isoTime };
  if (pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  return pino(options, batched());
}

/**
 * pino's isoTime (`"time":"2026-11-29T08:00:00.000Z"`), made once per millisecond: lines of the
 * same millisecond share it, and no Date is constructed per line (in this process Next wraps the
 * Date constructor, which made that a twentieth of the request line's cost).
 */
const clock = new Date();
let clockMs = Number.NaN;
let clockText = "";
function isoTime(): string {
  const now = Date.now();
  if (now !== clockMs) {
    clockMs = now;
    clock.setTime(now);
    clockText = `,"time":"${clock.toISOString()}"`;
  }
  return clockText;
}

/** How long a line may wait for others to share its write. */
const FLUSH_MS = 10;
/** Written at once past this much, whatever the time. */
const FLUSH_BYTES = 64 * 1024;

/** A stream that gathers the lines of FLUSH_MS and hands them to an async stdout writer together. */
function batched(): pino.DestinationStream & { flush(): void } {
  let pending = "";
  let timer: NodeJS.Timeout | undefined;
  const take = () => {
    clearTimeout(timer);
    timer = undefined;
    const lines = pending;
    pending = "";
    return lines;
  };
  const drain = () => {
    const lines = take();
    if (lines !== "") destination.write(lines);
  };
  // No event loop is left at exit, so the queue goes out synchronously, after what the destination
  // holds behind a write in flight (in order). Registered before pino's own exit hook.
  process.on("exit", () => {
    const lines = take();
    if (open) destination.flushSync();
    if (lines !== "") pino.destination({ dest: 1, sync: true }).write(lines);
  });
  const destination = pino.destination({ dest: 1, sync: false });
  // pino ends it at beforeExit once drained; a closed destination holds nothing.
  let open = true;
  destination.on("close", () => (open = false));
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= FLUSH_BYTES) drain();
      // Not kept alive for it: what is pending at exit is written then.
      else timer ??= setTimeout(drain, FLUSH_MS).unref();
    },
    flush() {
      drain();
      destination.flush();
    },
  };
}

export const logger: pino.Logger = (holder.__handLogger ??= create());
