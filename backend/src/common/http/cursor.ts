import { BadRequestError } from '../errors/domain-error.js';
import { hasControlCharacter } from './hostile-input.js';

/**
 * Keyset paging (docs/performance.md, "Paging"). A page's `nextBefore` is the sort key of its last row, and
 * the next page is the rows strictly after that key in the list's order: rows added meanwhile neither shift
 * a page (as an offset would) nor cost a scan of everything skipped. Where the key has several columns
 * (a date and an id), it travels as one opaque string: base64url of the JSON array of the key's parts.
 */

/** What each part of a key must look like; anything else is refused before it reaches SQL. */
const PART_SHAPES = {
  /** A timestamp to the microsecond, as `cursorTime` writes it (a JS Date would drop the microseconds). */
  timestamp: (value: unknown): value is string =>
    typeof value === 'string' &&
    /^(19[7-9]\d|2\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value) &&
    // JavaScript rolls 30 February over into March where PostgreSQL refuses it: only a real instant passes.
    !Number.isNaN(Date.parse(value)) &&
    new Date(Date.parse(value)).toISOString().slice(0, 19) === value.slice(0, 19),
  uuid: (value: unknown): value is string =>
    typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  /** A bet's id (a PostgreSQL int), written as a string like the other parts. */
  betId: (value: unknown): value is string =>
    typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647,
  /** A text sort key that may be missing (a person without a username sorts last). */
  /** The rule of every single-line text input holds inside a cursor too: no NUL reaches PostgreSQL. */
  optionalText: (value: unknown): value is string | null =>
    value === null || (typeof value === 'string' && value.length <= 200 && !hasControlCharacter(value)),
} as const;

type PartKind = keyof typeof PART_SHAPES;
type PartValue<K extends PartKind> = K extends 'optionalText' ? string | null : string;
export type CursorKey<K extends readonly PartKind[]> = { [I in keyof K]: PartValue<K[I]> };

export const INVALID_CURSOR = 'before is not a valid cursor: pass the nextBefore of the previous page';

/** The SQL of a timestamptz column as a cursor part: UTC, to the microsecond. */
export const cursorTime = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(parts: readonly (string | null)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The key a client sent back, checked part by part; `null` for the first page. A bad one is a 400. */
export function decodeCursor<const K extends readonly PartKind[]>(
  raw: string | undefined,
  kinds: K,
): CursorKey<K> | null {
  if (raw === undefined) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(parts) ||
    parts.length !== kinds.length ||
    !kinds.every((kind, index) => PART_SHAPES[kind](parts[index]))
  ) {
    throw invalidCursor();
  }
  return parts as CursorKey<K>;
}

function invalidCursor(): BadRequestError {
  return new BadRequestError(INVALID_CURSOR, 'invalid_cursor', { before: INVALID_CURSOR });
}

/**
 * Splits the `limit + 1` rows a page query fetched (the extra one only says that more exist) into the page
 * and the cursor of the next one.
 */
export function pageOf<Row, Cursor>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => Cursor,
): { rows: Row[]; nextBefore: Cursor | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextBefore: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
