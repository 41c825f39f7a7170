import type { RunningPostgres } from './postgres-process.js';

export interface Supervisor {
  /** Stops supervising and stops the server (a restart in progress is stopped as soon as it is up). */
  stop(): Promise<void>;
  /** Stops supervising and asks the server to stop, without waiting: for a process that must exit now. */
  requestStop(): void;
}

/** Waits before restart attempt `attempt` (0, 1, …): 0.2 s, doubling, at most 5 s. */
export function restartDelayMs(attempt: number): number {
  return Math.min(200 * 2 ** attempt, 5_000);
}

/**
 * Keeps the embedded server running while the app does: when it ends without being asked to (killed,
 * crashed, out of memory), it is started again with growing pauses until it is back. Meanwhile queries
 * fail and /api/health answers 503 `database: down`; the pool opens new connections once the server is
 * back, so the app needs no restart.
 */
export function supervise(
  first: RunningPostgres,
  start: () => Promise<RunningPostgres>,
  log: (message: string) => void,
): Supervisor {
  let current = first;
  let stopping = false;
  let wake: () => void = () => undefined;

  const pause = (ms: number) =>
    new Promise<void>((done) => {
      if (stopping) return done();
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });

  const watch = async (): Promise<void> => {
    for (;;) {
      const how = await current.exited;
      if (stopping) return;
      log(`The embedded PostgreSQL ended unexpectedly (${how}); restarting it`);
      for (let attempt = 0; ; attempt += 1) {
        await pause(restartDelayMs(attempt));
        if (stopping) return;
        try {
          current = await start();
          break;
        } catch (error) {
          log(`The embedded PostgreSQL did not start yet (${(error as Error).message}); trying again`);
        }
      }
      if (stopping) {
        await current.stop();
        return;
      }
      log('The embedded PostgreSQL is running again');
    }
  };
  const watching = watch();

  return {
    stop: async () => {
      stopping = true;
      wake();
      await current.stop();
      await watching;
    },
    requestStop: () => {
      stopping = true;
      wake();
      current.requestStop();
    },
  };
}
