// A waiting room that takes clients in turn. Jobs run at most `concurrency` at a time; the jobs
// that wait are kept per client, and a free slot goes to the waiting client whose last job
// started longest ago (one that never had one first): round-robin, so one client's flood waits
// behind itself rather than in front of everyone else. A client may have at most
// `maxWaitingPerClient` jobs waiting, and all clients together `maxWaiting`.

export interface FairQueueOptions {
  concurrency: number;
  maxWaiting: number;
  maxWaitingPerClient: number;
}

interface Job {
  start: () => void;
}

interface Client {
  waiting: Job[];
  running: number;
  /** When its last job started (a counter, not a clock). */
  lastStart: number;
}

/** Thrown by run() when the job would have to wait and there is no room for it. */
export class QueueFull extends Error {
  constructor(readonly scope: "client" | "all") {
    super(scope === "client" ? "this client's queue is full" : "the queue is full");
  }
}

export class FairQueue {
  private running = 0;
  private waiting = 0;
  private starts = 0;
  /** Clients with a job running or waiting. */
  private readonly clients = new Map<string, Client>();

  constructor(private readonly options: FairQueueOptions) {}

  /** Runs `task` once a slot is free and it is `client`'s turn; rejects with QueueFull at once when there is no room to wait. */
  run<T>(client: string, task: () => Promise<T>): Promise<T> {
    const entry = this.clients.get(client) ?? { waiting: [], running: 0, lastStart: 0 };
    if (this.running < this.options.concurrency && this.waiting === 0) {
      this.clients.set(client, entry);
      return this.execute(client, entry, task);
    }
    if (entry.waiting.length >= this.options.maxWaitingPerClient) return Promise.reject(new QueueFull("client"));
    if (this.waiting >= this.options.maxWaiting) return Promise.reject(new QueueFull("all"));
    this.clients.set(client, entry);
    return new Promise<T>((resolve, reject) => {
      entry.waiting.push({ start: () => this.execute(client, entry, task).then(resolve, reject) });
      this.waiting++;
    });
  }

  /** Jobs waiting for a slot, in all. */
  get size(): number {
    return this.waiting;
  }

  private execute<T>(client: string, entry: Client, task: () => Promise<T>): Promise<T> {
    this.running++;
    entry.running++;
    entry.lastStart = ++this.starts;
    return task().finally(() => {
      this.running--;
      entry.running--;
      if (entry.running === 0 && entry.waiting.length === 0) this.clients.delete(client);
      this.next();
    });
  }

  private next(): void {
    if (this.running >= this.options.concurrency) return;
    let turn: [string, Client] | undefined;
    for (const candidate of this.clients) {
      if (candidate[1].waiting.length && (!turn || candidate[1].lastStart < turn[1].lastStart)) turn = candidate;
    }
    if (!turn) return;
    this.waiting--;
    turn[1].waiting.shift()!.start();
  }
}
