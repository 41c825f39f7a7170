/**
 * Whether an error means PostgreSQL cannot be reached right now (down, restarting, the network between
 * us cut), as opposed to a bug or a refused statement: such a request should be retried, so it is
 * answered 503 with Retry-After instead of a 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server going away: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping). */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);

/** What node-postgres says when a connection ends under a query or cannot be had in time. */
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated unexpectedly',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    // Class 08 is "connection exception" in PostgreSQL's SQLSTATEs.
    if (NETWORK_CODES.has(code) || SERVER_GOING_AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((text) => message.startsWith(text))) return true;
  // TypeORM wraps the driver's error; Node wraps one per address tried (AggregateError) when connecting.
  const inner = [driverError, cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])];
  return inner.some((item) => item !== error && isDatabaseUnavailable(item, depth + 1));
}
