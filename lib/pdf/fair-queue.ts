// A waiting room that takes clients in turn. Jobs run at most `concurrency` at a time; the jobs
// that wait are kept per client, and a free slot goes to the next client in round-robin order,
// so one client's flood waits behind itself rather than in front of everyone else. A client may
// have at most `maxWaitingPerClient` jobs waiting, and all clients together `maxWaiting`.

export interface FairQueueOptions {
  concurrency: number;
  maxWaiting: number;
  maxWaitingPerClient: number;
}

interface Job {
  start: () => void;
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
  /** Waiting jobs per client; Map order is the round-robin order (a served client goes to the back). */
  private readonly queues = new Map<string, Job[]>();

  constructor(private readonly options: FairQueueOptions) {}

  /** Runs `task` once a slot is free and it is `client`'s turn; rejects with QueueFull at once when there is no room to wait. */
  run<T>(client: string, task: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency && this.waiting === 0) return this.execute(task);
    const queue = this.queues.get(client) ?? [];
    if (queue.length >= this.options.maxWaitingPerClient) return Promise.reject(new QueueFull("client"));
    if (this.waiting >= this.options.maxWaiting) return Promise.reject(new QueueFull("all"));
    return new Promise<T>((resolve, reject) => {
      queue.push({ start: () => this.execute(task).then(resolve, reject) });
      this.queues.set(client, queue);
      this.waiting++;
    });
  }

  /** Jobs waiting for a slot, in all. */
  get size(): number {
    return this.waiting;
  }

  private execute<T>(task: () => Promise<T>): Promise<T> {
    this.running++;
    return task().finally(() => {
      this.running--;
      this.next();
    });
  }

  private next(): void {
    const first = this.queues.entries().next();
    if (first.done || this.running >= this.options.concurrency) return;
    const [client, queue] = first.value;
    const job = queue.shift()!;
    this.waiting--;
    this.queues.delete(client);
    if (queue.length) this.queues.set(client, queue);
    job.start();
  }
}
