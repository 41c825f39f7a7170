/**
 * Runs queued async tasks at most `concurrency` at a time. A queue already holding `capacity` waiting
 * tasks refuses more: a backlog that large is stale by the time it would run. Tasks handle their own
 * errors; a rejection is ignored here.
 */
export class TaskQueue {
  private readonly waiting: (() => Promise<void>)[] = [];
  private readonly onIdle: (() => void)[] = [];
  private active = 0;

  constructor(
    private readonly concurrency: number,
    private readonly capacity: number,
  ) {}

  /** Queues the task; false when the queue is full and the task was not taken. */
  push(task: () => Promise<void>): boolean {
    if (this.waiting.length >= this.capacity) return false;
    this.waiting.push(task);
    this.startWaiting();
    return true;
  }

  /** Tasks running or waiting. */
  get size(): number {
    return this.active + this.waiting.length;
  }

  /** Resolves once nothing runs or waits. */
  idle(): Promise<void> {
    return this.size === 0 ? Promise.resolve() : new Promise((resolve) => this.onIdle.push(resolve));
  }

  private startWaiting(): void {
    while (this.active < this.concurrency) {
      const task = this.waiting.shift();
      if (!task) break;
      this.active += 1;
      void task()
        .catch(() => undefined)
        .finally(() => {
          this.active -= 1;
          this.startWaiting();
          if (this.size === 0) for (const resolve of this.onIdle.splice(0)) resolve();
        });
    }
  }
}
