// What the test and bench harness keeps of a server's output: its first HEAD_CHARS characters
// (the start-up lines tests assert on) and a tail of the last TAIL_CHARS, nothing in between.
// A reader that kept everything and ran a regex over all of it on every chunk fell behind a
// busy server (hundreds of µs a line, growing), filled the pipe and made pino block the server:
// part of a benchmark's gap was its own reader. Waiting for a line scans only lines that arrive
// after the wait began (and the retained text once, when it begins).

export const HEAD_CHARS = 64 * 1024;
export const TAIL_CHARS = 256 * 1024;

interface Waiter {
  pattern: RegExp;
  /** Called with the first line that matches. */
  matched(line: string): void;
}

export class RetainedLog {
  private head = "";
  private tail: string[] = [];
  private tailChars = 0;
  private dropped = 0;
  /** The unfinished last line of each stream, scanned once it ends. */
  private partial = new Map<string, string>();
  private waiters = new Set<Waiter>();

  constructor(
    private readonly headChars = HEAD_CHARS,
    private readonly tailLimit = TAIL_CHARS,
  ) {}

  /** Takes a chunk of one stream; lines are kept whole, so two streams' lines do not mix. */
  push(chunk: string, stream = "stdout"): void {
    const text = (this.partial.get(stream) ?? "") + chunk;
    const end = text.lastIndexOf("\n");
    // A line that never ends is taken as it is once it outgrows the tail.
    const rest = end === -1 ? text : text.slice(end + 1);
    const complete = rest.length > this.tailLimit ? text : text.slice(0, end + 1);
    this.partial.set(stream, complete === text ? "" : rest);
    if (!complete) return;
    this.retain(complete);
    if (this.waiters.size > 0) for (const line of complete.split("\n")) this.match(line);
  }

  /** The first HEAD_CHARS characters, a marker where characters were dropped, the tail, and unfinished lines. */
  text(): string {
    const tail = this.tail.join("") + [...this.partial.values()].join("");
    return this.dropped ? `${this.head}\n[... ${this.dropped} characters not kept ...]\n${tail}` : this.head + tail;
  }

  /** Characters held now, whatever went through: at most headChars + tailLimit, and an unfinished line per stream of at most tailLimit. */
  get retainedChars(): number {
    let partial = 0;
    for (const text of this.partial.values()) partial += text.length;
    return this.head.length + this.tailChars + partial;
  }

  /**
   * Resolves with text() once the retained text or a line arriving later matches (a pattern is
   * matched within one line); rejects after timeoutMs.
   */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string> {
    if (pattern.test(this.text())) return Promise.resolve(this.text());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`the server did not print ${pattern} within ${timeoutMs} ms; it printed:\n${this.text()}`));
      }, timeoutMs);
      const waiter: Waiter = {
        pattern,
        matched: () => {
          clearTimeout(timer);
          resolve(this.text());
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** Resolves with the first line arriving from now on that matches; scanning stops then. */
  nextLine(pattern: RegExp): Promise<string> {
    return new Promise((matched) => this.waiters.add({ pattern, matched }));
  }

  private match(line: string): void {
    for (const waiter of this.waiters) {
      if (!waiter.pattern.test(line)) continue;
      this.waiters.delete(waiter);
      waiter.matched(line);
    }
  }

  private retain(chunk: string): void {
    if (this.head.length < this.headChars) {
      const room = this.headChars - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
      if (!chunk) return;
    }
    this.tail.push(chunk);
    this.tailChars += chunk.length;
    while (this.tailChars > this.tailLimit) {
      const first = this.tail[0]!;
      const excess = this.tailChars - this.tailLimit;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailChars -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.slice(excess);
        this.tailChars -= excess;
        this.dropped += excess;
      }
    }
  }
}
