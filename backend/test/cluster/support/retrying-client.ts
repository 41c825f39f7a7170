/** One attempt that did not get an answer the client could use (network error or a 5xx), kept with its times. */
export interface FailedAttempt {
  operation: string;
  started: number;
  ended: number;
  outcome: string;
}

/** An operation the client gave up on: refused (a 4xx it did not expect) or still failing at its deadline. */
export interface FailedOperation {
  operation: string;
  outcome: string;
}

interface Call {
  token: string;
  body?: unknown;
  /** Sent as Idempotency-Key on every attempt of this operation. */
  key?: string;
  /** The status a success answers with. */
  expect: number;
}

/** How long one operation keeps retrying: past an instance's restart and the balancer noticing it. */
const OPERATION_DEADLINE_MS = 30_000;
const ATTEMPT_TIMEOUT_MS = 20_000;

/**
 * What a careful client of Betwixt does: a write carries one Idempotency-Key over all its attempts, and
 * an attempt that got no usable answer (the connection broke, a 5xx, or 409 idempotency_in_progress
 * while a twin attempt is still running) is retried with a short, growing pause. Every failed attempt is
 * recorded with when it started and ended, so a test can say which instance event it overlapped.
 */
export class RetryingClient {
  readonly failedAttempts: FailedAttempt[] = [];
  readonly failedOperations: FailedOperation[] = [];
  /** 409 idempotency_in_progress answers: the protocol working (a retry met its running twin), not a failure. */
  inProgressAnswers = 0;
  /** Start times of the attempts on the wire right now. */
  private readonly onTheWire = new Set<number>();
  private sequence = 0;

  constructor(private readonly baseUrl: string) {}

  /** How many attempts are waiting for an answer right now. */
  get inFlight(): number {
    return this.onTheWire.size;
  }

  /** The answer's JSON body, or undefined when the operation failed (and was recorded). */
  async call<T>(operation: string, method: string, path: string, call: Call): Promise<T | undefined> {
    const deadline = Date.now() + OPERATION_DEADLINE_MS;
    for (let attempt = 1; ; attempt += 1) {
      const started = Date.now();
      const ticket = this.sequence++;
      this.onTheWire.add(ticket);
      let outcome: string;
      try {
        const response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${call.token}`,
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(call.key ? { 'idempotency-key': call.key } : {}),
          },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        const text = await response.text();
        const body = parse(text);
        if (response.status === call.expect) return body as T;
        const code =
          typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
        if (response.status === 409 && code === 'idempotency_in_progress') {
          this.inProgressAnswers += 1;
          outcome = 'in progress';
        } else if (response.status >= 500) {
          outcome = `${response.status} ${text.slice(0, 200)}`;
          this.failedAttempts.push({ operation, started, ended: Date.now(), outcome });
        } else {
          this.failedOperations.push({ operation, outcome: `${response.status} ${text.slice(0, 300)}` });
          return undefined;
        }
      } catch (error) {
        outcome = describe(error);
        this.failedAttempts.push({ operation, started, ended: Date.now(), outcome });
      } finally {
        this.onTheWire.delete(ticket);
      }
      if (Date.now() > deadline) {
        this.failedOperations.push({ operation, outcome: `gave up after ${attempt} attempts: ${outcome}` });
        return undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 100 * attempt)));
    }
  }
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

function describe(error: unknown): string {
  // Duck-typed: undici's errors come from Node's own realm, not the test sandbox's, so `instanceof Error`
  // is false for them (which once printed a bare "TypeError: fetch failed" and lost the cause).
  if (typeof error !== 'object' || error === null || !('message' in error)) return String(error);
  const { name, message, cause, code } = error as {
    name?: string;
    message: string;
    cause?: unknown;
    code?: unknown;
  };
  const own = `${name ?? 'Error'}: ${message}${typeof code === 'string' ? ` (${code})` : ''}`;
  // fetch's own message is just "fetch failed"; what went wrong is in its cause.
  return cause === undefined ? own : `${own} <- ${describe(cause)}`;
}
