import { formatDollars } from '../../lib/money';
import * as Yup from 'yup';

/** The server's limits (backend dto/circle.dto.ts), said the way the server says them. */
export const CIRCLE_NAME_MAX = 200;
export const COMMENT_MAX = 500;

export const circleNameSchema = Yup.string()
  .trim()
  .required('Give the circle a name')
  .max(CIRCLE_NAME_MAX, 'A circle’s name can be at most 200 characters');

export const commentSchema = Yup.object({
  body: Yup.string()
    .trim()
    .required('Write something first')
    .max(COMMENT_MAX, 'A comment can be at most 500 characters'),
});

export const hideReasonSchema = Yup.object({
  reason: Yup.string()
    .trim()
    .required('Give a reason')
    .max(COMMENT_MAX, 'The reason can be at most 500 characters'),
});

/** "3–1–0": won, lost and drawn, with en dashes as a scoreboard writes them. */
export function record(standing: { won: number; lost: number; drawn: number }): string {
  return `${standing.won}–${standing.lost}–${standing.drawn}`;
}

/** "3 wins in a row", "2 losses in a row", or "No streak". */
export function streakText(streak: number): string {
  if (streak === 0) return 'No streak';
  const count = Math.abs(streak);
  const kind = streak > 0 ? (count === 1 ? 'win' : 'wins') : count === 1 ? 'loss' : 'losses';
  return `${count} ${kind} in a row`;
}

/** The short form beside a name: "W3", "L2", or a dash. */
export function streakBadge(streak: number): string {
  if (streak === 0) return '–';
  return `${streak > 0 ? 'W' : 'L'}${Math.abs(streak)}`;
}

/** The reliability mark: late reports and disputes lost, none "reliable", 1–2 "watch", more "unreliable". */
export const RELIABILITY_TEXT = {
  reliable: 'Reliable',
  watch: 'Watch',
  unreliable: 'Unreliable',
} as const;

/** Net winnings with their sign: "+$12.50", "−$3.00", "$0.00"; "Private" when the player hides it. */
export function signedMoney(net: string | null): string {
  return net === null ? 'Private' : formatDollars(net, { signed: true });
}

/** The season lengths an owner chooses from. */
export const SEASON_LENGTH_TEXT = {
  weekly: 'Weekly (ends Monday 00:00 UTC)',
  monthly: 'Monthly (ends on the 1st)',
  custom: 'Custom end date',
} as const;

/** A datetime-local input's value ("2026-12-01T18:00") as the ISO instant the server takes. */
export function localInputToIso(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An instant as a datetime-local input's value in the browser's time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
