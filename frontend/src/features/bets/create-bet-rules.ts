import { formatMoney } from '../../lib/money';

/** docs/product.md §5 Bet creation rules for the screen; the server checks them again. */
export const MIN_OUTCOMES = 2;
export const MAX_OUTCOMES = 4;
export const SCREEN_DURATION_HOURS = 168;

export function filledOutcomes(options: string[]): string[] {
  return options.map((option) => option.trim()).filter(Boolean);
}

/** docs/product.md §5: 'Minimum bet amount is $0.01'. */
export const MIN_BET_MESSAGE = 'Minimum bet amount is $0.01';
/** The server's words (CreateBetDto) for an amount it cannot take: more than 2 decimals or 8 digits. */
export const AMOUNT_SHAPE_MESSAGE = 'Amount must be a number with at most 2 decimal places';
/** The server's words (CreateBetDto) for two options that differ only in letter case or spaces. */
export const SAME_OUTCOMES_MESSAGE = 'Outcome options must all be different';
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const OUTCOME_MAX = 100;

/**
 * The amount as the wire takes it (the server's AMOUNT_PATTERN: up to 8 digits and 2 decimals). What the
 * input lets a person type on the way there ("10.", ".5") is no error: it is sent as "10" and "0.5".
 */
const WIRE_AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

export function amountForWire(amount: string): string {
  const text = amount.trim();
  return (text.startsWith('.') ? `0${text}` : text).replace(/\.$/, '');
}

/**
 * The index of each option that repeats an earlier one, compared as the server compares them (trimmed,
 * letter case ignored); blank options repeat nothing.
 */
export function repeatedOutcomes(options: string[]): Set<number> {
  const seen = new Set<string>();
  const repeated = new Set<number>();
  options.forEach((option, index) => {
    const key = option.trim().toLowerCase();
    if (key === '') return;
    if (seen.has(key)) repeated.add(index);
    seen.add(key);
  });
  return repeated;
}
/** The quick-amount chips on the amount step, in dollars. */
export const QUICK_AMOUNTS = [5, 10, 25, 50] as const;

function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/**
 * The amount step's early answer, with the server's messages: nothing while empty, more than 2 decimals,
 * the spec's minimum below $0.01, and a refusal above the available balance (when it is known) instead of
 * failing after hold-to-confirm.
 */
export function amountError(amount: string, available?: string | null): string | null {
  if (amount.trim() === '') return null;
  const wire = amountForWire(amount);
  if (/\.\d{3,}$/.test(wire)) return AMOUNT_SHAPE_MESSAGE;
  if (!(Number(wire) >= 0.01)) return MIN_BET_MESSAGE;
  if (available != null && cents(wire) > cents(available)) {
    return `Insufficient balance: you have $${formatMoney(available)} available`;
  }
  if (!WIRE_AMOUNT.test(wire)) return AMOUNT_SHAPE_MESSAGE;
  return null;
}
