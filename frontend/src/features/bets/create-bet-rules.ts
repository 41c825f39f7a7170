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
/** The quick-amount chips on the amount step, in dollars. */
export const QUICK_AMOUNTS = [5, 10, 25, 50] as const;

function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/**
 * The amount step's early answer: nothing while empty, the spec's minimum message below $0.01, and a
 * refusal above the available balance (when it is known) instead of failing after hold-to-confirm.
 */
export function amountError(amount: string, available?: string | null): string | null {
  if (amount.trim() === '') return null;
  if (!(Number(amount) >= 0.01)) return MIN_BET_MESSAGE;
  if (available != null && cents(amount) > cents(available)) {
    return `Insufficient balance: you have $${formatMoney(available)} available`;
  }
  return null;
}
