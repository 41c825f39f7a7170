/**
 * Where a live stream is in a person's notifications: every notification at or before (txid, id) in
 * (txid, id) order has been delivered. It travels as the SSE event id, `<txid>-<id>`, and comes back as
 * Last-Event-ID when the client reconnects.
 */
export interface LiveCursor {
  /** The writing transaction's id (a bigint, kept as its decimal text). */
  txid: string;
  id: number;
}

/** PostgreSQL's bigint, the type of a transaction id here. */
const MAX_BIGINT = 2n ** 63n - 1n;

export function formatCursor(cursor: LiveCursor): string {
  return `${cursor.txid}-${cursor.id}`;
}

/**
 * A Last-Event-ID as a cursor; a bare number is a notification id from a client of the previous version
 * (whose cursor was the id alone); anything else is not a cursor, and the stream starts from now.
 */
export function parseCursor(value: string | undefined): LiveCursor | { id: number } | undefined {
  const text = value?.trim() ?? '';
  const pair = /^(\d{1,19})-(\d{1,15})$/.exec(text);
  if (pair) {
    const txid = BigInt(pair[1] ?? '0');
    return txid <= MAX_BIGINT ? { txid: String(txid), id: Number(pair[2]) } : undefined;
  }
  if (/^\d{1,15}$/.test(text)) return { id: Number(text) };
  return undefined;
}
